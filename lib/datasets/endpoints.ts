import { z } from "zod";
import { endpoint } from "@/lib/http/contract";
import { datasetsRoutes } from "./api";
import { applyImportSchema, exportQuery, importParams, importPreviewSchema, importResultSchema, importUploadSchema, MAX_IMPORT_BYTES } from "./import-schemas";
import { projectParams } from "@/lib/projects/schemas";
import { rowKinds } from "./kinds";
import { datasetKeys } from "./registry";
import { datasetParams } from "./route-params";
import {
  activityQuery,
  columnParams,
  createElementSchema,
  deleteRowQuery,
  deleteElementSchema,
  editElementSchema,
  flatRowSchema,
  historyEntrySchema,
  liveEventsQuery,
  presenceSchema,
  restoreSchema,
  rowBodySchema,
  rowParams,
  rowsBatchSchema,
  rowsQuery,
  saveRowsSchema,
  setKindSchema,
  tableParams,
} from "./schemas";

/** The parameter tables of a project: the contract of /api/projects/{id}/datasets and of the spec's /api/database routes. */
const tag = "Tables";
const legacyTag = "Legacy (spec)";

const kindSchema = z
  .enum(rowKinds)
  .meta({ description: "What the row holds (docs/tables.md, Kinds and units): as its engineers set it, else from its table's template, else from its name." });
const kindFromSchema = z
  .enum(["set", "template", "name"])
  .meta({ description: "Where the row's kind came from: set by its engineers (PUT .../rows/{rowId}/kind), its table's template, or its name." });
const unitSchema = z
  .string()
  .meta({ description: 'The unit of the stored values: "rad" on angle rows (shown in degrees), "m", "kN", "MPa", "—" for counts and text.' });
const rowsAnswer = z.object({
  data: z.array(flatRowSchema.extend({ kind: kindSchema, unit: unitSchema, kindFrom: kindFromSchema })),
  columns: z.array(z.string()).meta({ description: "Every column of the table (a row carries only the columns it has)." }),
});
const columnsAnswer = z
  .object({
    fields: z.array(z.string()).meta({ description: "The fixed fields each row starts with: Id, Parameter, CreatedAt, UpdatedAt, Version." }),
    columns: z.array(z.string()).meta({ description: "Every column of the table, in the order of the values." }),
    rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))).meta({
      description: "Each row: its fixed fields, then a value per column (null: the row has none; trailing nulls left off).",
    }),
    kinds: z
      .array(z.tuple([kindSchema, unitSchema, kindFromSchema]))
      .meta({ description: "Each row's kind, unit and where its kind came from, in the order of `rows`." }),
  })
  .meta({ description: "`?format=columns`" });
const linesAnswer = columnsAnswer
  .extend({
    rows: z.array(z.string()).meta({
      description:
        "Each row one line: its fixed fields, then a value per column, separated by tabs (trailing absent values left off). In a field a backslash, tab, line feed and carriage return are written \\\\, \\t, \\n and \\r; a value the row does not have is \\N.",
    }),
  })
  .meta({ description: "`?format=lines`" });
const rowAnswer = z.object({ data: flatRowSchema });
const fetchAllAnswer = z.object({ data: z.array(flatRowSchema) });
export type RowsAnswer = z.infer<typeof rowsAnswer>;
export type ColumnsAnswer = z.infer<typeof columnsAnswer>;
export type LinesAnswer = z.infer<typeof linesAnswer>;
export type FetchAllAnswer = z.infer<typeof fetchAllAnswer>;
const conflict = [409];
const itemColumnAnswer = z.object({
  column: z.string().meta({ description: "The Item column added, e.g. Item12." }),
  name: z.string().meta({ description: "Its item's name, as the naming row now holds it, e.g. P12." }),
  // The naming row as saved, at its new Version.
  data: flatRowSchema,
});
const templateAnswer = z.object({ data: z.array(flatRowSchema).meta({ description: "The rows created, in the template's order." }) });
export type ItemColumnAnswer = z.infer<typeof itemColumnAnswer>;

export const datasetsEndpoints = {
  rows: endpoint({
    ...datasetsRoutes.rows,
    summary: "Every row of a table, sorted by Id",
    description:
      "`?format=columns` answers in a compact form: the column names once, each row an array of values. `?format=lines` is the table screen's: each row one line of tab-separated fields, which a browser parses in a tenth of the time.",
    tag,
    auth: true,
    project: { from: "param", need: "read" },
    params: tableParams,
    query: rowsQuery,
    status: 200,
    response: z.union([rowsAnswer, columnsAnswer, linesAnswer]),
    errors: [401, 404],
  }),
  create: endpoint({
    ...datasetsRoutes.create,
    summary: "Create a row (editors and owners); new column names add columns",
    tag,
    auth: true,
    project: { from: "param", need: "write" },
    params: tableParams,
    body: rowBodySchema,
    status: 201,
    response: rowAnswer,
    errors: [400, 401, 403, 404, 409, 413, 415],
  }),
  edit: endpoint({
    ...datasetsRoutes.edit,
    summary: "Edit a row; with its Version in data, 409 with the current row when someone saved it meanwhile",
    tag,
    auth: true,
    project: { from: "param", need: "write" },
    params: rowParams,
    body: rowBodySchema,
    status: 200,
    response: rowAnswer,
    errors: [400, 401, 403, 404, ...conflict, 413, 415],
  }),
  remove: endpoint({
    ...datasetsRoutes.remove,
    summary: "Delete a row (editors and owners); with ?version=, only if it is still at that version (409 otherwise)",
    tag,
    auth: true,
    project: { from: "param", need: "write" },
    params: rowParams,
    query: deleteRowQuery,
    status: 200,
    response: z.object({ ok: z.literal(true), id: z.number().int() }),
    errors: [400, 401, 403, 404, 409],
  }),
  saveRows: endpoint({
    ...datasetsRoutes.saveRows,
    summary: "Save many rows as one change (a paste, a fill, an undo): every row's Version checked; all saved, or nothing with 409 and every conflicting row",
    tag,
    auth: true,
    project: { from: "param", need: "write" },
    params: tableParams,
    body: saveRowsSchema,
    status: 200,
    response: z.object({ data: z.array(flatRowSchema) }),
    errors: [400, 401, 403, 404, 409, 413, 415],
  }),
  writeRows: endpoint({
    ...datasetsRoutes.writeRows,
    summary:
      "Create, edit and delete rows of one or more tables as one change (the assistant's Apply, Fill from Revit): every edit and delete checked against the Version it names; all written as one history batch, or nothing with 409 and every conflicting row",
    tag,
    auth: true,
    project: { from: "param", need: "write" },
    params: projectParams,
    body: rowsBatchSchema,
    status: 200,
    response: z.object({
      batchId: z.string().meta({ description: "The history batch every change of this write belongs to." }),
      tables: z.array(
        z.object({
          dataset: z.enum(datasetKeys),
          created: z.array(flatRowSchema),
          edited: z.array(flatRowSchema),
          deleted: z.array(z.number().int()).meta({ description: "The ids of the deleted rows." }),
        }),
      ),
    }),
    errors: [400, 401, 403, 404, 409, 413, 415],
  }),
  history: endpoint({
    ...datasetsRoutes.history,
    summary: "Every version of a row, newest first, with who and the row before and after",
    tag,
    auth: true,
    project: { from: "param", need: "read" },
    params: rowParams,
    status: 200,
    response: z.object({ versions: z.array(historyEntrySchema) }),
    errors: [401, 404],
  }),
  setKind: endpoint({
    ...datasetsRoutes.setKind,
    summary:
      "Set a row's kind (editors and owners; null: back to its template's or name's). Every value it holds is checked against the new kind (400 naming each cell that does not fit); 409 with the current row when it changed meanwhile",
    tag,
    auth: true,
    project: { from: "param", need: "write" },
    params: rowParams,
    body: setKindSchema,
    status: 200,
    response: z.object({ data: flatRowSchema.extend({ kind: kindSchema, unit: unitSchema, kindFrom: kindFromSchema }) }),
    errors: [400, 401, 403, 404, 409, 413, 415],
  }),
  restore: endpoint({
    ...datasetsRoutes.restore,
    summary: "Write an earlier version back as a new edit (409 with the current row when it changed meanwhile)",
    tag,
    auth: true,
    project: { from: "param", need: "write" },
    params: rowParams,
    body: restoreSchema,
    status: 200,
    response: rowAnswer,
    errors: [400, 401, 403, 404, 409, 413, 415],
  }),
  undelete: endpoint({
    ...datasetsRoutes.undelete,
    summary: "Bring a deleted row back as it was, with its id",
    tag,
    auth: true,
    project: { from: "param", need: "write" },
    params: rowParams,
    status: 201,
    response: rowAnswer,
    errors: [401, 403, 404, 409, 413],
  }),
  events: endpoint({
    ...datasetsRoutes.events,
    summary:
      "Server-sent events of a table: first `presence` (everyone who has it open, and the row each is editing), then `presence-change` (who came or changed row, who left; at most every 250 ms), `rows` when someone saves (who, and the row ids; none: the whole table), and a last `revoked` ({reason: removed, role-changed or project-deleted}) when the user's access changes. 429 past LIVE_STREAMS_PER_USER streams of one person, or LIVE_STREAMS_PER_SERVER of the server",
    tag,
    auth: true,
    project: { from: "param", need: "read" },
    params: tableParams,
    query: liveEventsQuery,
    status: 200,
    response: null,
    produces: "text/event-stream",
    errors: [400, 401, 404, 429, 503],
  }),
  presence: endpoint({
    ...datasetsRoutes.presence,
    summary: "Tell the others with this table open which row this tab is editing (null: none)",
    tag,
    auth: true,
    project: { from: "param", need: "read" },
    params: tableParams,
    body: presenceSchema,
    status: 200,
    response: z.object({ ok: z.literal(true) }),
    errors: [400, 401, 404, 503],
  }),
  activity: endpoint({
    ...datasetsRoutes.activity,
    summary: "The table's changes, newest first (200 at a time; `before` pages on), filterable by person and Parameter",
    tag,
    auth: true,
    project: { from: "param", need: "read" },
    params: tableParams,
    query: activityQuery,
    status: 200,
    response: z.object({ events: z.array(historyEntrySchema.extend({ id: z.number().int(), rowId: z.number().int() })) }),
    errors: [400, 401, 404],
  }),
  exportTable: endpoint({
    ...datasetsRoutes.exportTable,
    summary: "The table as a file to download: an XLSX workbook (with a hidden sheet of row versions) or CSV (UTF-8 with BOM)",
    description:
      "Laid out like the screen: Id, Parameter, then the value columns in display order; angle rows in degrees, as shown. The workbook's hidden sheet `_pontifex` records the project, dataset, export time and every row's Id and Version; the CSV file ends with a Version column.",
    tag,
    auth: true,
    project: { from: "param", need: "read" },
    params: tableParams,
    query: exportQuery,
    status: 200,
    response: null,
    produces: ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "text/csv"],
    errors: [400, 401, 404],
  }),
  importPreview: endpoint({
    ...datasetsRoutes.importPreview,
    summary: "Read an XLSX or CSV file and show what importing it would change (editors and owners); nothing is written",
    description:
      "Rows are matched by Parameter; the header row is the row holding \"Parameter\". A file that cannot be imported answers 400 with every problem it has (`problems`, the first 100, each naming its sheet, row and column; `more` counts the rest; `error`, `sheet`, `row`, `column` name the first): not a workbook or CSV, no such sheet, no Parameter column, a Parameter twice, a value over 2,000 characters, a column name the tables refuse, a formula or an error value, a value its row's kind refuses, numbers that could be read two ways, too many columns, more rows than a table and its export's record can take. What the file holds that is not part of the table (title rows above the header, hidden rows and columns, merged cells, footnotes) is listed in `structure` and left out of the rest of the preview; values are read without the spaces at their ends (`trimmed`), dates and times as their cells show them. A file over 25 MB, or a workbook that unpacks past its limits, answers 413 naming the limit and its setting (also as `limit`): more parts than XLSX_MAX_PARTS, a part past XLSX_MAX_PART_BYTES (declared or counted as it inflates), all parts past XLSX_MAX_UNPACKED_BYTES, more distinct texts than XLSX_MAX_SHARED_STRINGS or more characters in them than XLSX_MAX_SHARED_STRING_CHARS, or XML past what Excel writes (a text over 32,767 characters, more than 65,490 formats).",
    tag,
    auth: true,
    project: { from: "param", need: "write" },
    params: tableParams,
    body: importUploadSchema,
    consumes: "multipart/form-data",
    maxUploadBytes: MAX_IMPORT_BYTES,
    status: 200,
    response: importPreviewSchema,
    errors: [400, 401, 403, 404, 413, 415],
  }),
  importApply: endpoint({
    ...datasetsRoutes.importApply,
    summary:
      'Apply a previewed import as one change, recorded in the history with the action "import" (409 and nothing written when rows changed since the preview; 400 listing each thing the file holds that is not part of the table unless `structure` is "skip")',
    tag,
    auth: true,
    project: { from: "param", need: "write" },
    params: importParams,
    body: applyImportSchema,
    status: 200,
    response: importResultSchema,
    errors: [400, 401, 403, 404, 409, 413, 415],
  }),
  removeColumn: endpoint({
    ...datasetsRoutes.removeColumn,
    summary: "Remove a column that is empty in every row (owners)",
    tag,
    auth: true,
    project: { from: "param", need: "own" },
    params: columnParams,
    status: 200,
    response: z.object({ ok: z.literal(true) }),
    errors: [401, 403, 404, 409],
  }),
  addItemColumn: endpoint({
    ...datasetsRoutes.addItemColumn,
    summary:
      "Add the table's next Item column (editors and owners): the Item column after the last one holding a value, its item named in the row that names the table's items (PierName: P12), recorded as an edit of that row",
    description:
      "The name is the last item's counted on (P11 → P12, SEG09 → SEG10), else the table's own style (P, A, S, SEG). A column blank in every row is hidden, so a table without a row naming its items (a text row such as PierName) answers 409; so does one whose naming row someone saved meanwhile.",
    tag,
    auth: true,
    project: { from: "param", need: "write" },
    params: tableParams,
    status: 201,
    response: itemColumnAnswer,
    errors: [401, 403, 404, 409, 413],
  }),
  startFromTemplate: endpoint({
    ...datasetsRoutes.startFromTemplate,
    summary:
      "Start an empty table from its template (editors and owners): every Parameter of the table's template with its kind and unit, and one Item column, created as one change in the history; 409 when the table has rows",
    description:
      "A Revit table's rows are its template's Parameters (docs/tables.md, Kinds and units) with Item1 blank but for the first item's name (PierName: P1, AbutmentName: A1, SpanName: S1, SegmentName: SEG01); a Midas table's are its template as a new project has it.",
    tag,
    auth: true,
    project: { from: "param", need: "write" },
    params: tableParams,
    status: 201,
    response: templateAnswer,
    errors: [401, 403, 404, 409, 413],
  }),

  // The spec's routes: they act on the caller's current project.
  fetchAll: endpoint({
    ...datasetsRoutes.fetchAll,
    summary: "Every row of the current project's table (spec)",
    tag: legacyTag,
    legacy: true,
    auth: true,
    project: { from: "current", need: "read" },
    params: datasetParams,
    status: 200,
    response: fetchAllAnswer,
    errors: [401, 404],
  }),
  createElement: endpoint({
    ...datasetsRoutes.createElement,
    summary: "Create a row in the current project's table (spec)",
    tag: legacyTag,
    legacy: true,
    auth: true,
    project: { from: "current", need: "write" },
    params: datasetParams,
    body: createElementSchema,
    status: 201,
    response: rowAnswer,
    errors: [400, 401, 403, 404, 409, 413, 415],
  }),
  editElement: endpoint({
    ...datasetsRoutes.editElement,
    summary: "Edit a row of the current project's table (spec)",
    tag: legacyTag,
    legacy: true,
    auth: true,
    project: { from: "current", need: "write" },
    params: datasetParams,
    body: editElementSchema,
    status: 200,
    response: rowAnswer,
    errors: [400, 401, 403, 404, 409, 413, 415],
  }),
  deleteElement: endpoint({
    ...datasetsRoutes.deleteElement,
    summary: "Delete a row of the current project's table (spec)",
    tag: legacyTag,
    legacy: true,
    auth: true,
    project: { from: "current", need: "write" },
    params: datasetParams,
    body: deleteElementSchema,
    status: 200,
    response: z.object({ ok: z.literal(true), id: z.number().int() }),
    errors: [400, 401, 403, 404, 415],
  }),
};
