import { z } from "zod";
import { isStorableText, MAX_ID, STORABLE_TEXT_MESSAGE } from "@/lib/validation";
import { idSchema } from "@/lib/projects/schemas";
import { COLUMN_NAME_PATTERN } from "./columns";
import { rowKinds } from "./kinds";
import { normaliseParameterName } from "./names";
import { datasetKeys } from "./registry";

export const MAX_VALUE_LENGTH = 2000;
export const MAX_PARAMETER_LENGTH = 255;

/** A row's fields, split the way they are stored. */
export type RowInput = {
  parameter?: string;
  /** The Version the client last read; present means "only if nobody saved since". */
  version?: number;
  values: Record<string, string>;
};

/** Fields of a row that are not its columns: ignored in a row sent back as it was read (`kind`, `unit`, `kindFrom` are its kind's). */
const ID_KEYS = new Set(["id", "createdat", "updatedat", "kind", "unit", "kindfrom"]);

/**
 * `data` of create/edit: a flat row as fetch-all or the rows API returns it.
 * Id/id/ID, CreatedAt, UpdatedAt, kind, unit and kindFrom are ignored, Parameter and
 * Version are taken apart, every other key must be a column name with a text value.
 */
export const rowDataSchema = z.record(z.string(), z.unknown(), { error: "expected an object of column names and values" }).transform((data, ctx) => {
  const out: RowInput = { values: {} };
  for (const [key, value] of Object.entries(data)) {
    const lower = key.toLowerCase();
    if (ID_KEYS.has(lower)) continue;
    if (lower === "parameter") {
      if (typeof value !== "string" && typeof value !== "number") {
        ctx.addIssue({ code: "custom", path: [key], message: "expected the parameter name as text" });
        continue;
      }
      const name = normaliseParameterName(String(value));
      if (!isStorableText(name)) ctx.addIssue({ code: "custom", path: [key], message: STORABLE_TEXT_MESSAGE });
      else if (name === "") ctx.addIssue({ code: "custom", path: [key], message: "the parameter name must not be empty" });
      else if (name.length > MAX_PARAMETER_LENGTH) ctx.addIssue({ code: "custom", path: [key], message: `at most ${MAX_PARAMETER_LENGTH} characters` });
      else out.parameter = name;
      continue;
    }
    if (lower === "version") {
      const version = typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value;
      if (typeof version !== "number" || !Number.isInteger(version) || version < 0 || version > MAX_ID) {
        ctx.addIssue({ code: "custom", path: [key], message: "expected the row's Version as a whole number" });
      } else out.version = version;
      continue;
    }
    if (!COLUMN_NAME_PATTERN.test(key)) {
      ctx.addIssue({ code: "custom", path: [key], message: "column names start with a letter, then letters, digits or _ (64 at most)" });
      continue;
    }
    if (value === null) out.values[key] = "";
    else if (typeof value === "string") {
      if (value.length > MAX_VALUE_LENGTH) ctx.addIssue({ code: "custom", path: [key], message: `a value is at most ${MAX_VALUE_LENGTH} characters` });
      else if (!isStorableText(value)) ctx.addIssue({ code: "custom", path: [key], message: STORABLE_TEXT_MESSAGE });
      else out.values[key] = value;
    } else if (typeof value === "number" && Number.isFinite(value)) out.values[key] = String(value);
    else ctx.addIssue({ code: "custom", path: [key], message: "expected a text value" });
  }
  return out;
});

/**
 * A row id: a whole number, also accepted as a string of digits. Documented within the id column's 32 bits; a
 * larger one names no row (404 where a row is looked up, never a comparison the database would refuse).
 */
export const rowIdSchema = z
  .union([z.number(), z.string()], { error: "expected the row id as a number" })
  .transform((value, ctx) => {
    const id = typeof value === "string" && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
    if (typeof id !== "number" || !Number.isInteger(id) || id < 1) {
      ctx.addIssue({ code: "custom", message: "expected the row id as a positive whole number" });
      return z.NEVER;
    }
    return id;
  })
  .meta({
    override: {
      anyOf: [
        { type: "integer", minimum: 1, maximum: MAX_ID },
        { type: "string", pattern: "^\\s*\\d+\\s*$" },
      ],
    },
  });

export const createElementSchema = z.object({ data: rowDataSchema });
export const editElementSchema = z.object({ id: rowIdSchema, data: rowDataSchema });
export const deleteElementSchema = z.object({ id: rowIdSchema });

/** A row as every answer carries it: the fixed fields, then its own columns (text). */
export const flatRowSchema = z
  .object({
    Id: z.number().int(),
    Parameter: z.string(),
    CreatedAt: z.string(),
    UpdatedAt: z.string(),
    Version: z.number().int(),
  })
  .catchall(z.union([z.string(), z.number()]))
  .meta({ id: "Row", description: "A parameter row: Id, Parameter, CreatedAt, UpdatedAt, Version, then its Item columns as text." });

export const rowBodySchema = z.object({ data: rowDataSchema });

/** Path of a table: `/api/projects/{id}/datasets/{ds}`. */
export const tableParams = z.object({ id: idSchema, ds: z.string() });
export const rowsQuery = z.object({
  format: z.enum(["columns", "lines"], { error: 'format is "columns", "lines" or left out' }).optional().meta({
    description:
      "`columns`: the compact answer (column names once, each row an array); `lines`: the table screen's (column names once, each row one line of tab-separated fields)",
  }),
});
// In a path, an id past what a row id can be names no row: 404 like any other unknown id.
export const rowParams = z.object({ id: idSchema, ds: z.string(), rowId: rowIdSchema.refine((id) => id <= MAX_ID) });
// A name no column can have (a NUL, say, which PostgreSQL refuses to compare) names no column: 404.
export const columnParams = z.object({ id: idSchema, ds: z.string(), name: z.string().regex(COLUMN_NAME_PATTERN) });

/** The most rows one change may write, whichever call sends it. */
export const MAX_ROWS_PER_WRITE = 5000;

/** PATCH .../rows: many rows saved as one change, each `data` with its Version. */
export const saveRowsSchema = z.object({
  rows: z
    .array(z.object({ id: rowIdSchema.refine((id) => id <= MAX_ID, { error: "no row has that id" }), data: rowDataSchema }), {
      error: "expected rows: [{id, data}]",
    })
    .min(1, { error: "expected at least one row" })
    .max(MAX_ROWS_PER_WRITE, { error: `at most ${MAX_ROWS_PER_WRITE.toLocaleString("en")} rows in one save` }),
});

/** A row's Version as the caller read it. */
const versionSchema = z.number({ error: "expected the row's Version as a whole number" }).int().min(0).max(MAX_ID, { error: "the row has no such version" });
const existingRowId = rowIdSchema.refine((id) => id <= MAX_ID, { error: "no row has that id" });

/**
 * POST .../datasets/batch: rows of one or more tables created, edited and deleted as one change. Every edit and
 * delete names the Version it was read at, so nothing someone saved since is overwritten.
 */
export const rowsBatchSchema = z
  .object({
    tables: z
      .array(
        z.object({
          dataset: z.enum(datasetKeys, { error: `expected a table: ${datasetKeys.join(", ")}` }),
          create: z
            .array(z.object({ data: rowDataSchema }))
            .optional()
            .meta({ description: "New rows: each `data` with its Parameter." }),
          edit: z
            .array(z.object({ id: existingRowId, data: rowDataSchema }))
            .optional()
            .meta({ description: "Changed rows: each `data` with the row's Version and the columns it changes." }),
          delete: z
            .array(z.object({ id: existingRowId, version: versionSchema }))
            .optional()
            .meta({ description: "Deleted rows, each with its Version." }),
        }),
        { error: "expected tables: [{dataset, create, edit, delete}]" },
      )
      .min(1, { error: "expected at least one table" }),
  })
  .superRefine(({ tables }, ctx) => {
    const seen = new Set<string>();
    let rows = 0;
    tables.forEach((table, t) => {
      if (seen.has(table.dataset))
        ctx.addIssue({ code: "custom", path: ["tables", t, "dataset"], message: "a table may appear once; put all its changes together" });
      seen.add(table.dataset);
      const ids = new Set<number>();
      const once = (id: number, path: (string | number)[]) => {
        if (ids.has(id)) ctx.addIssue({ code: "custom", path, message: "a row may be edited or deleted once in one change" });
        ids.add(id);
      };
      table.create?.forEach((row, i) => {
        if (row.data.parameter === undefined)
          ctx.addIssue({ code: "custom", path: ["tables", t, "create", i, "data", "Parameter"], message: "every new row needs a Parameter name" });
      });
      table.edit?.forEach((row, i) => {
        if (row.data.version === undefined)
          ctx.addIssue({
            code: "custom",
            path: ["tables", t, "edit", i, "data", "Version"],
            message: "expected the row's Version: the change never overwrites a newer save",
          });
        once(row.id, ["tables", t, "edit", i, "id"]);
      });
      table.delete?.forEach((row, i) => once(row.id, ["tables", t, "delete", i, "id"]));
      rows += (table.create?.length ?? 0) + (table.edit?.length ?? 0) + (table.delete?.length ?? 0);
    });
    if (rows === 0) ctx.addIssue({ code: "custom", path: ["tables"], message: "expected at least one row to create, edit or delete" });
    if (rows > MAX_ROWS_PER_WRITE)
      ctx.addIssue({ code: "custom", path: ["tables"], message: `at most ${MAX_ROWS_PER_WRITE.toLocaleString("en")} rows in one change` });
  });
/** The body of a batch write, as the browser builds it. */
export type RowsBatch = z.input<typeof rowsBatchSchema>;
export type RowsBatchTable = RowsBatch["tables"][number];

/** A positive whole number in a query string; every way it can be wrong is told in the query's own words. */
function queryId(error: string) {
  return z.coerce.number({ error }).int().min(1).max(MAX_ID);
}

/** DELETE .../rows/{rowId}?version=: only the version the caller saw (an undo of a create). */
export const deleteRowQuery = z.object({ version: queryId("expected the row's Version as a whole number").optional() });

/** PUT .../rows/{rowId}/kind: the kind its engineers give a row, and what becomes of its numbers if that changes how they read. */
export const setKindSchema = z.object({
  kind: z
    .enum(rowKinds, { error: `expected a kind: ${rowKinds.join(", ")}, or null` })
    .nullable()
    .meta({ description: "The row's kind from now on (\"text\": free text, any value); null: its template's, else its name's." }),
  numbers: z.enum(["keep", "convert"], { error: 'expected numbers "keep" or "convert"' }).default("keep").meta({
    description:
      'When the row starts or stops being an angle row (radians stored, degrees shown): "keep" stores the numbers as they are; "convert" stores each so that it shows what it showed before.',
  }),
  version: z
    .number({ error: "expected the row's Version" })
    .int()
    .min(1)
    .max(MAX_ID)
    .meta({ description: "The row's Version as the caller saw it: 409 when it changed since." }),
});
export type SetKindInput = z.infer<typeof setKindSchema>;

export const restoreSchema = z.object({
  version: z.number({ error: "expected the version to restore" }).int().min(1).max(MAX_ID, { error: "the row has no such version" }),
  currentVersion: z
    .number()
    .int()
    .min(1)
    .max(MAX_ID, { error: "the row has no such version" })
    .optional()
    .meta({ description: "The row's Version as the caller saw it: 409 when it changed since." }),
});

// One sentence for any fault of the query: what route() answers and the clients have always been told.
const activityQueryError = "user and before are whole numbers, parameter is text";
export const activityQuery = z.object({
  user: queryId(activityQueryError).optional(),
  parameter: z.string({ error: activityQueryError }).max(255).optional(),
  before: queryId(activityQueryError).optional(),
});

/** A change that renamed a row (lib/datasets/rename-entries.ts). */
export const renamedSchema = z.object({ from: z.string(), to: z.string() }).nullable().meta({
  id: "Renamed",
  description:
    "The row's Parameter before and after, when the change renamed it (null otherwise: a create or a deletion is no rename). `changes` lists it too.",
});

export const historyEntrySchema = z
  .object({
    version: z.number().int(),
    action: z.enum(["create", "edit", "delete", "restore", "import"]),
    userId: z.number().int().nullable(),
    user: z.string().nullable(),
    at: z.string(),
    parameter: z.string().meta({ description: "The row's Parameter after the change (before it, for a deletion)." }),
    changes: z
      .array(z.object({ column: z.string(), before: z.string(), after: z.string() }))
      .meta({ description: 'The cells the change made different ("" for a cell the row did not have): Parameter first, then the value columns.' }),
    batchId: z.string().nullable(),
    renamed: renamedSchema,
  })
  .meta({ id: "HistoryEntry", description: "One change of a row: who, when, the cells it changed, and the rename if it made one." });

/** A browser tab's id for live tables: letters, digits and "-" (a random UUID). */
const LIVE_CLIENT_PATTERN = /^[A-Za-z0-9-]{8,64}$/;
export const liveClientSchema = z.string().regex(LIVE_CLIENT_PATTERN, { error: "expected the tab's client id" });
const liveClientQueryError = "client is the tab's id (letters, digits and -)";
export const liveEventsQuery = z.object({ client: z.string({ error: liveClientQueryError }).regex(LIVE_CLIENT_PATTERN) });
/** POST .../presence: which row this tab is editing now (null: none). */
export const presenceSchema = z.object({ client: liveClientSchema, editing: rowIdSchema.nullable() });
