import type { ProjectRole } from "@/db/schema";
import type { AssistantContext, MidasResults, MidasStatus } from "@/lib/assistant/context";
import type { Row } from "@/lib/datasets/columns";

/**
 * An AssistantContext over in-memory tables, for tests. It also carries the
 * write paths a real server has next to its reads (save a row, push, build,
 * run), each recording its calls in `writes`: a test proves the assistant
 * never reaches them.
 */

export type FakeContext = AssistantContext & {
  writes: string[];
  updateRow(dataset: string, id: number, values: Record<string, string>): void;
  push(dataset: string): void;
  buildModel(): void;
  runAnalysis(): void;
};

const now = "2026-01-01T00:00:00.000Z";

export function row(id: number, parameter: string, values: Record<string, string>, version = 1): Row {
  return { Id: id, Parameter: parameter, CreatedAt: now, UpdatedAt: now, Version: version, ...values };
}

export function sampleTables(): Record<string, Row[]> {
  return {
    pier: [
      row(1, "PierHeight", { Item1: "10", Item2: "11.5", Item3: "" }, 3),
      row(2, "PierSkewAngle", { Item1: String((15 * Math.PI) / 180), Item2: "0", Item3: "" }, 1),
      row(3, "PierWidth", { Item1: "2.4", Item2: "2.4", Item3: "" }, 7),
    ],
    abt: [row(10, "AbutmentHeight", { Item1: "6", Item2: "6.2" })],
    midassetup: [row(20, "Units", { Item1: "kN,m" })],
  };
}

export function fakeContext(
  options: { role?: ProjectRole | null; tables?: Record<string, Row[]>; midas?: MidasStatus; results?: MidasResults | null } = {},
): FakeContext {
  const tables = options.tables ?? sampleTables();
  const role = options.role === undefined ? "editor" : options.role;
  const writes: string[] = [];
  const group = (key: string) => (key.startsWith("midas") ? ("midas" as const) : ("revit" as const));
  const titles: Record<string, string> = {
    pier: "Revit_Pier Data",
    abt: "Revit_Abt Data",
    box: "Revit_Box Data",
    coresetup: "Core Data",
    midassetup: "Model Setup",
  };
  return {
    user: { id: 7, name: "Ada Engineer" },
    project: role === null ? null : { id: 3, name: "Demo Viaduct", role },
    listDatasets: async () => Object.entries(tables).map(([key, rows]) => ({ key, title: titles[key] ?? key, group: group(key), rowCount: rows.length })),
    readRows: async ({ dataset, parameterFilter, columns, limit }) => {
      const rows = tables[dataset];
      if (!rows) throw Object.assign(new Error(`No dataset ${dataset}`), { kind: "not-found" });
      const matching = rows.filter((r) => !parameterFilter || String(r.Parameter).toLowerCase().includes(parameterFilter.toLowerCase()));
      const picked = matching
        .slice(0, limit)
        .map((r) => (columns ? Object.fromEntries(Object.entries(r).filter(([k]) => ["Id", "Parameter", "Version", ...columns].includes(k))) : { ...r }));
      return { rows: picked, total: matching.length, truncated: matching.length > limit };
    },
    midasResults: async () => (options.results === undefined ? null : options.results),
    midasStatus: async () => options.midas ?? { connected: true, lastBuild: "2026-01-01T10:00:00Z", hasResults: false },
    writes,
    updateRow: (dataset, id, values) => {
      writes.push(`update ${dataset} ${id} ${JSON.stringify(values)}`);
    },
    push: (dataset) => {
      writes.push(`push ${dataset}`);
    },
    buildModel: () => {
      writes.push("build");
    },
    runAnalysis: () => {
      writes.push("run");
    },
  };
}
