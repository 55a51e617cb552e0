import type { ParameterRow, Row } from "@/lib/datasets/columns";
import { groupCellsByRow } from "@/lib/datasets/row-changes";
import type { RowsBatchTable } from "@/lib/datasets/schemas";
import type { MidasDatasetKey, MidasTables } from "./tables";

export type FillChange = { dataset: MidasDatasetKey; parameter: string; item: string; from: string; to: string };

const value = (rows: ParameterRow[], parameter: string, item: string) => (rows.find((r) => r.parameter === parameter)?.values[item] ?? "").trim();

function items(rows: ParameterRow[], parameter: string): string[] {
  const row = rows.find((r) => r.parameter === parameter);
  if (!row) return [];
  return Object.keys(row.values)
    .filter((k) => /^Item\d+$/.test(k) && row.values[k]!.trim() !== "")
    .sort((a, b) => Number(a.slice(4)) - Number(b.slice(4)));
}

/**
 * "Fill from Revit tables" on Model Setup: span lengths from the box table, and
 * pier names, heights, column counts, spacings and sizes and headstock lengths
 * from the pier table (its items in order are the piers after spans 1, 2, ...).
 * A column size becomes a General Section COL-<diameter in mm>, added when
 * missing. Returns the new tables and every value it changes, for a preview;
 * nothing is written here.
 */
export function fillFromRevit(revit: { box: ParameterRow[]; pier: ParameterRow[] }, midas: MidasTables): { tables: MidasTables; changes: FillChange[] } {
  const tables = structuredClone(midas);
  const changes: FillChange[] = [];
  const set = (dataset: MidasDatasetKey, parameter: string, item: string, to: string) => {
    const rows = tables[dataset];
    let row = rows.find((r) => r.parameter === parameter);
    if (!row) {
      row = { parameter, values: {} };
      rows.push(row);
    }
    const from = row.values[item] ?? "";
    if (from === to) return;
    row.values[item] = to;
    changes.push({ dataset, parameter, item, from, to });
  };

  const spans = items(revit.box, "SpanLength");
  if (spans.length === 0) return { tables, changes };
  set("midassetup", "SpanCount", "Item1", String(spans.length));
  spans.forEach((item, k) => set("midassetup", "SpanLength", `Item${k + 1}`, value(revit.box, "SpanLength", item)));

  const piers = items(revit.pier, "PierHeight").slice(0, spans.length - 1);
  const sections = tables.midasgeneralsections;
  const nameRow = (): ParameterRow => {
    let row = sections.find((r) => r.parameter === "SectionName");
    if (!row) {
      row = { parameter: "SectionName", values: {} };
      sections.unshift(row);
    }
    return row;
  };
  piers.forEach((item, k) => {
    const target = `Item${k + 1}`;
    const copy = (from: string, to: string) => {
      const v = value(revit.pier, from, item);
      if (v !== "") set("midassetup", to, target, v);
    };
    copy("PierName", "PierName");
    copy("PierHeight", "PierHeight");
    copy("ColumnCount", "ColumnCount");
    copy("ColumnSpacing", "ColumnSpacing");
    copy("HeadstockLength", "HeadstockLength");
    const diameter = Number(value(revit.pier, "ColumnDiameter", item));
    if (diameter > 0) {
      const name = `COL-${Math.round(diameter * 1000)}`;
      const names = nameRow();
      if (!Object.values(names.values).includes(name)) {
        const next = `Item${Math.max(0, ...sections.flatMap((r) => Object.keys(r.values).map((k) => Number(k.slice(4)) || 0))) + 1}`;
        const grade = /(\d+)/.exec(value(revit.pier, "ConcreteGrade", item))?.[1];
        set("midasgeneralsections", "SectionName", next, name);
        set("midasgeneralsections", "Shape", next, "Circle");
        set("midasgeneralsections", "Diameter", next, diameter.toFixed(3));
        if (grade) set("midasgeneralsections", "Material", next, `C${grade}`);
        set("midasgeneralsections", "Usage", next, "Pier column (from the Revit pier table)");
      }
      set("midassetup", "PierSection", target, name);
    }
  });
  // The support after the last span is abutment A2: no pier values there.
  for (const parameter of ["PierName", "PierHeight", "PierSection", "ColumnCount", "ColumnSpacing", "HeadstockSection", "HeadstockLength", "PileGroup"]) {
    const row = tables.midassetup.find((r) => r.parameter === parameter);
    if (row && (row.values[`Item${spans.length}`] ?? "") !== "") set("midassetup", parameter, `Item${spans.length}`, "");
  }
  return { tables, changes };
}

/**
 * A fill's changes as one write of the tables it touches: an existing row edited at the Version the preview read
 * (someone's save in between refuses the whole fill), a missing one created.
 */
export function fillWrites(changes: readonly FillChange[], current: Partial<Record<MidasDatasetKey, readonly Row[]>>): RowsBatchTable[] {
  const tables = new Map<MidasDatasetKey, { create: { data: Row }[]; edit: { id: number; data: Row }[] }>();
  const rows = groupCellsByRow(
    changes.map((change) => ({ row: change, column: change.item, value: change.to })),
    ({ dataset, parameter }) => `${dataset}\u0000${parameter}`,
  );
  for (const { row, values } of rows) {
    const table = tables.get(row.dataset) ?? { create: [], edit: [] };
    tables.set(row.dataset, table);
    const existing = current[row.dataset]?.find((r) => r.Parameter === row.parameter);
    if (existing) table.edit.push({ id: Number(existing.Id), data: { ...values, Version: Number(existing.Version) } });
    else table.create.push({ data: { Parameter: row.parameter, ...values } });
  }
  return [...tables].map(([dataset, { create, edit }]) => ({ dataset, ...(create.length ? { create } : {}), ...(edit.length ? { edit } : {}) }));
}
