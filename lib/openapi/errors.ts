import { z } from "zod";
import { datasetKeys } from "@/lib/datasets/registry";
import { fileProblemSchema, structureProblemSchema } from "@/lib/datasets/import-schemas";
import { flatRowSchema } from "@/lib/datasets/schemas";
import { problemSchema } from "@/lib/midas/schemas";
import { projectRoleSchema } from "@/lib/projects/schemas";

/**
 * The bodies of failures as the routes send them: `{error}` and, where the
 * failure carries more (lib/errors DomainError extras), those fields. Every
 * body is open: a client reads what it knows.
 */

const error = z.string().meta({ description: "A sentence a person can act on." });

export const errorSchema = z
  .object({ error })
  .catchall(z.unknown())
  .meta({ id: "Error", description: "Every failure: `{error}`, a sentence a person can act on." });

const forbidden = z
  .object({
    error,
    role: projectRoleSchema.optional().meta({ description: "The caller's role in the project, when the role is what refused (none for a foreign Origin)." }),
  })
  .meta({ id: "Forbidden" });

const rowConflict = z
  .object({
    error,
    data: flatRowSchema
      .optional()
      .meta({ description: "The row as it is now, when someone saved it since the Version sent (not for a duplicate Parameter or a full table)." }),
  })
  .meta({ id: "RowConflict" });

const rowsConflict = z
  .object({
    error,
    conflicts: z
      .array(
        z.object({
          id: z.number().int(),
          data: flatRowSchema.nullable().meta({ description: "The row as it is now; null: deleted since." }),
        }),
      )
      .optional()
      .meta({ description: "Every row that changed since it was read; nothing was written." }),
  })
  .meta({ id: "RowsConflict" });

const tablesConflict = z
  .object({
    error,
    conflicts: z
      .array(
        z.object({
          dataset: z.enum(datasetKeys).meta({ description: "The row's table." }),
          id: z.number().int(),
          data: flatRowSchema.nullable().meta({ description: "The row as it is now; null: deleted since." }),
        }),
      )
      .optional()
      .meta({ description: "Every row, of every table, that changed since it was read; nothing was written." }),
  })
  .meta({ id: "TablesConflict" });

/** A refused save of rows (a table's PATCH rows): every row changed since it was read. */
export type RowsConflict = z.infer<typeof rowsConflict>;
/** A refused batch write: every row, of every table, changed since it was read. */
export type TablesConflict = z.infer<typeof tablesConflict>;

const columnNotEmpty = z
  .object({ error, parameters: z.array(z.string()).optional().meta({ description: "The rows (by Parameter) that still hold a value in the column." }) })
  .meta({ id: "ColumnNotEmpty" });

const midasConflict = z
  .object({
    error,
    runId: z.string().optional().meta({ description: "The run going on." }),
    changedTables: z.array(z.string()).optional().meta({ description: "The Midas tables changed since the last build (build first)." }),
  })
  .meta({ id: "MidasConflict" });

const importRefused = z
  .object({
    error,
    sheet: z.string().optional().meta({ description: "The sheet (a CSV file's name) where the file cannot be read (its first problem's)." }),
    row: z.number().int().optional().meta({ description: "The row, counted from 1 as the spreadsheet shows it." }),
    column: z.string().optional().meta({ description: "The column letter, as the spreadsheet shows it (A, B, ... AA)." }),
    problems: z
      .array(fileProblemSchema)
      .optional()
      .meta({ description: "Every problem of the file (the first 100; `more` counts the rest), each with its place. Nothing was kept." }),
    more: z.number().int().optional().meta({ description: "How many problems are not listed." }),
  })
  .meta({ id: "ImportRefused" });

const valuesRefused = z
  .object({
    error,
    problems: z
      .array(
        z.object({
          parameter: z.string().meta({ description: "The row's Parameter." }),
          column: z.string().meta({ description: "The column (Item1, Item2, ...)." }),
          value: z.string().meta({ description: "The value refused, as sent." }),
          problem: z.string().meta({ description: "Why the row's kind refuses it." }),
        }),
      )
      .optional()
      .meta({ description: "Each value its row's kind refuses (the first 100; `more` counts the rest). Nothing was saved." }),
    more: z.number().int().optional().meta({ description: "How many refused values are not listed." }),
  })
  .meta({ id: "ValuesRefused" });

/** A refused apply of an import: values their rows refuse, or what the file holds that is not part of the table. */
const importApplyRefused = valuesRefused
  .extend({
    structure: z.array(structureProblemSchema).optional().meta({
      description: 'What the file holds that is not part of the table, when the apply did not say `structure: "skip"` (the first 100; `more` counts the rest).',
    }),
    more: z.number().int().optional().meta({ description: "How many refused values, or things not part of the table, are not listed." }),
  })
  .meta({ id: "ImportApplyRefused" });

const tooLarge = z
  .object({
    error,
    limit: z.number().int().optional().meta({ description: "The limit passed (bytes, parts, characters, messages: the error names it and its setting)." }),
    bytes: z.number().int().optional().meta({ description: "The size the table would have had (a table past TABLE_MAX_BYTES)." }),
  })
  .meta({ id: "TooLarge" });

const rateLimited = z
  .object({
    error,
    limit: z
      .number()
      .int()
      .optional()
      .meta({ description: "A count limit (pending invitations, conversations, live streams): waiting does not help, removing does." }),
    conversations: z.number().int().optional().meta({ description: "The conversations you have in the project (the assistant's count limit)." }),
  })
  .meta({ id: "RateLimited" });

const midasProblems = z
  .object({ error, problems: z.array(problemSchema).meta({ description: "Every problem of the Midas tables; nothing was sent to MIDAS." }) })
  .meta({ id: "MidasTablesInvalid" });

const midasFailed = z
  .object({
    error,
    kind: z.enum(["unreachable", "timeout", "refused-key", "not-running", "midas-error", "bad-response"]).meta({ description: "What failed." }),
    runId: z.string().optional().meta({ description: "The run recorded with the failure." }),
  })
  .meta({ id: "MidasFailed" });

/** The body of a failure: by operation where one carries more, else by status. */
const byOperation: Record<string, Partial<Record<number, z.ZodType>>> = {
  datasetsCreate: { 400: valuesRefused },
  datasetsEdit: { 400: valuesRefused, 409: rowConflict },
  datasetsSetKind: { 400: valuesRefused, 409: rowConflict },
  datasetsSaveRows: { 400: valuesRefused, 409: rowsConflict },
  datasetsWriteRows: { 400: valuesRefused, 409: tablesConflict },
  datasetsCreateElement: { 400: valuesRefused },
  datasetsRemove: { 409: rowConflict },
  datasetsRestore: { 409: rowConflict },
  datasetsEditElement: { 400: valuesRefused, 409: rowConflict },
  datasetsImportApply: { 400: importApplyRefused, 409: rowsConflict },
  datasetsImportPreview: { 400: importRefused },
  datasetsRemoveColumn: { 409: columnNotEmpty },
  midasApply: { 409: midasConflict },
  midasAnalysis: { 409: midasConflict },
};
const byStatus: Partial<Record<number, z.ZodType>> = { 403: forbidden, 413: tooLarge, 422: midasProblems, 429: rateLimited };

export function errorBody(operationId: string, contract: string, status: number): z.ZodType {
  if (status === 502 && contract === "midas") return midasFailed;
  return byOperation[operationId]?.[status] ?? byStatus[status] ?? errorSchema;
}

/** Which operations have a body of their own (a test checks each exists and declares the status). */
export const specialisedErrors = Object.entries(byOperation).flatMap(([operationId, statuses]) =>
  Object.keys(statuses).map((status) => ({ operationId, status: Number(status) })),
);

const row = { Id: 12, Parameter: "P1", CreatedAt: "2026-03-02T09:14:05.000Z", UpdatedAt: "2026-03-04T16:40:12.000Z", Version: 4, Item1: "1650", Item2: "1700" };

/** An example body of each failure, in the routes' own words. */
const valuesRefusedExample = {
  error: 'A value does not fit its row; nothing was saved. SkewAngle, Item3: "15°" is not a number (an angle row takes numbers only).',
  problems: [{ parameter: "SkewAngle", column: "Item3", value: "15°", problem: "is not a number (an angle row takes numbers only)" }],
};
const exampleByOperation: Record<string, Partial<Record<number, unknown>>> = {
  datasetsCreate: { 400: valuesRefusedExample },
  datasetsCreateElement: { 400: valuesRefusedExample },
  datasetsEdit: {
    400: valuesRefusedExample,
    409: { error: "Someone else saved this row since you loaded it (it is now at version 4). Review the newer values and save again.", data: row },
  },
  datasetsRemove: {
    409: { error: "Someone else saved this row since you loaded it (it is now at version 4). Review the newer values and save again.", data: row },
  },
  datasetsRestore: {
    409: { error: "Someone else saved this row since you loaded it (it is now at version 4). Review the newer values and save again.", data: row },
  },
  datasetsEditElement: {
    400: valuesRefusedExample,
    409: { error: "Someone else saved this row since you loaded it (it is now at version 4). Review the newer values and save again.", data: row },
  },
  datasetsSaveRows: {
    400: valuesRefusedExample,
    409: {
      error: "2 of the 3 rows changed since you loaded them (1 deleted); nothing was saved. Review the newer values and save again.",
      conflicts: [
        { id: 12, data: row },
        { id: 13, data: null },
      ],
    },
  },
  datasetsWriteRows: {
    400: valuesRefusedExample,
    409: {
      error: "2 of the 4 rows changed since they were read (1 deleted); nothing was saved. Review the newer values and save again.",
      conflicts: [
        { dataset: "midassetup", id: 12, data: row },
        { dataset: "midassetup", id: 13, data: null },
      ],
    },
  },
  datasetsImportApply: {
    400: valuesRefusedExample,
    409: {
      error:
        "1 of the rows this import changes were changed or deleted since the preview. Nothing was imported. Import the file again to see what it would change now.",
      conflicts: [{ id: 12, data: row }],
    },
  },
  datasetsImportPreview: {
    400: {
      error: 'Sheet "Revit_Pier Data", row 7, column C (Item2): the value is 2,001 characters long; a value is at most 2,000 characters.',
      sheet: "Revit_Pier Data",
      row: 7,
      column: "C",
    },
  },
  datasetsRemoveColumn: {
    409: { error: 'Column "Item3" is not empty: P1, P4 still hold values in it. Clear them first.', parameters: ["P1", "P4"] },
  },
  midasApply: {
    409: {
      error:
        'A Create Midas run of "Bridge 7" is going on, started by Ada Lovelace (ada@example.com) at 2026-03-04T16:40:12.000Z. Wait until it has finished, then try again.',
      runId: "6f1c2a8e-3b7d-4c1e-9a52-0d4b8f7e1a23",
    },
  },
  midasAnalysis: {
    409: {
      error:
        "Build first: MIDAS does not hold the model of this project's current Midas tables (it was never built from them, or they have changed since the last build). Use Create Midas, then run the analysis.",
      changedTables: ["midaspiles"],
    },
  },
};

const exampleByStatus: Record<number, unknown> = {
  400: { error: 'Invalid field "data.Item3": a value is at most 2000 characters' },
  401: { error: "You are not signed in, or your session has expired. Please log in." },
  403: {
    error:
      'You are a viewer of "Bridge 7": viewers can read and export its tables, but only editors and owners can create, edit, delete or push. Ask an owner to make you an editor.',
    role: "viewer",
  },
  404: { error: "Not found." },
  409: { error: "A row with this Parameter already exists in this table. Choose another name." },
  413: { error: "Request body is larger than 2 MB." },
  415: { error: "Content-Type must be application/json." },
  421: { error: "This server does not answer to that host name. Use the address the site is published at." },
  422: {
    error: "The Midas tables have 1 problem; nothing was sent to MIDAS.",
    problems: [{ dataset: "midaspiles", parameter: "PileLength", item: "Item2", message: "expected a number" }],
  },
  429: { error: "Too many failed log-in attempts for this e-mail. Try again in 15 minutes." },
  502: {
    error:
      "MIDAS did not answer POST /doc/ANAL within 30 s. Civil NX may be busy or waiting on a dialog (a save prompt, a warning); look at the Civil NX window.",
    kind: "timeout",
  },
  503: { error: "The server is busy. Please try again in a moment." },
};

export function errorExample(operationId: string, status: number): unknown {
  return exampleByOperation[operationId]?.[status] ?? exampleByStatus[status] ?? { error: "Something went wrong." };
}
