import { z } from "zod";
import { tableParams } from "./schemas";

/** GET .../export?format=: the workbook (default) or CSV. */
export const exportQuery = z.object({
  format: z.enum(["xlsx", "csv"], { error: 'format is "xlsx" or "csv"' }).default("xlsx"),
});

/** The largest file an import reads: a 2,000 x 300 workbook is 3 to 15 MB. */
export const MAX_IMPORT_BYTES = 25 * 1024 * 1024;

/** POST .../import: the form's one field. */
export const importUploadSchema = z
  .object({ file: z.string().meta({ format: "binary", description: "The XLSX workbook or CSV file (UTF-8), at most 25 MB." }) })
  .meta({ description: "multipart/form-data with the file in the field `file`." });

export const importParams = tableParams.extend({ importId: z.uuid() });

export const applyImportSchema = z
  .object({
    removeMissing: z.boolean().optional().meta({ description: "Also delete the table's rows the file lacks (conflicting rows are never deleted)." }),
    structure: z.enum(["refuse", "skip"], { error: 'structure is "refuse" or "skip"' }).optional().meta({
      description:
        'What to do with what the file holds that is not part of the table (the preview\'s `structure`): "refuse" (the default) answers 400 listing each thing and writes nothing; "skip" imports the rest, leaving the table as it is where they are.',
    }),
  })
  .default({});

/** Where in the file: the sheet (a CSV file's name), the row as the spreadsheet counts it, the column's letter. */
const sheetField = z.string().meta({ description: "The sheet (a CSV file's name)." });
const rowField = z.number().int().meta({ description: "The row, counted from 1 as the spreadsheet shows it." });
const columnField = z.string().meta({ description: "The column letter, as the spreadsheet shows it (A, B, ... AA)." });

export const structureProblemSchema = z
  .object({
    kind: z.enum(["title", "hidden-row", "hidden-column", "merged", "footnote"]).meta({
      description:
        "A title row (text above the header row), a hidden row, a hidden column, a merged range (its first cell), or a footnote (a row of no value that is no row of the table).",
    }),
    sheet: sheetField,
    row: rowField,
    column: columnField,
    what: z.string().meta({ description: 'What it is, in a sentence: "cells C4:D4 are merged."' }),
  })
  .meta({ id: "ImportStructure" });

/** A problem of a file that cannot be imported. */
export const fileProblemSchema = z.object({
  sheet: sheetField,
  row: rowField.optional(),
  column: columnField.optional(),
  message: z.string().meta({ description: "The problem, naming its sheet, row and column." }),
});

const listed = <T extends z.ZodType>(item: T, description: string) =>
  z
    .object({
      total: z.number().int().meta({ description: "How many there are." }),
      listed: z.array(item).meta({ description: "The first 100." }),
    })
    .meta({ description });

const cellChange = z.object({ column: z.string(), before: z.string(), after: z.string() });

export const importPreviewSchema = z
  .object({
    importId: z.uuid().meta({ description: "Apply it with POST .../import/{importId}/apply (only its importer, within a day)." }),
    fileName: z.string(),
    sheet: z.string().meta({ description: "The sheet read (a CSV file's name)." }),
    basedOn: z.object({ exportedAt: z.string().nullable(), rows: z.number().int() }).nullable().meta({
      description: "The export the file came from (its hidden sheet, or a CSV file's Id and Version columns); null: compared with the table as it is.",
    }),
    numbers: z
      .object({
        decimal: z.enum(["point", "comma"]).meta({ description: "The file's decimal mark, found from all its numeric cells (and a semicolon CSV's)." }),
        read: z.number().int().meta({ description: "How many values of numeric rows were read differently from how they are written." }),
        example: z.object({ text: z.string(), as: z.string() }).nullable().meta({ description: 'One of them: "11,591" read as "11.591".' }),
      })
      .meta({ description: "How the file's numbers were read (docs/tables.md, What import reads)." }),
    structure: listed(
      structureProblemSchema,
      'What the file holds that is not part of the table: title rows, hidden rows and columns, merged ranges, footnotes. Left out of everything else the preview shows; an apply refuses the file unless told `structure: "skip"`.',
    ),
    trimmed: listed(
      z.object({
        row: rowField,
        column: columnField,
        header: z.string().meta({ description: "The column's name (Item1, ...)." }),
        parameter: z.string(),
        text: z.string().meta({ description: "The cell as the file holds it." }),
        as: z.string().meta({ description: "As it is read: without the spaces at its ends." }),
      }),
      "Values read without the spaces (or tabs, line breaks) at their ends.",
    ),
    added: z.array(z.object({ parameter: z.string(), values: z.record(z.string(), z.string()) })),
    changed: z.array(z.object({ id: z.number().int(), parameter: z.string(), version: z.number().int(), cells: z.array(cellChange) })),
    missing: z.array(z.object({ id: z.number().int(), parameter: z.string(), version: z.number().int() })),
    conflicts: z.array(
      z.object({
        id: z.number().int().nullable(),
        parameter: z.string(),
        reason: z.enum(["changed", "added", "deleted"]).meta({ description: "Changed, added, or deleted/renamed in Pontifex since the export." }),
        exportedVersion: z.number().int().nullable(),
        currentVersion: z.number().int().nullable(),
        cells: z.array(cellChange).meta({ description: "What the file would have changed; not written." }),
      }),
    ),
    newColumns: z.array(z.string()),
  })
  .meta({
    id: "ImportPreview",
    description: "What an import would do, rows matched by Parameter; values as stored (angle rows in radians). Nothing is written.",
  });

export const importResultSchema = z.object({ added: z.number().int(), changed: z.number().int(), removed: z.number().int() });

export type ImportPreviewAnswer = z.infer<typeof importPreviewSchema>;
