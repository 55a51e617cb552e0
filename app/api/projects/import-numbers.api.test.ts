import { beforeAll, describe, expect, it } from "vitest";
import { parseCsv, toCsv } from "@/lib/datasets/csv";
import { columnFromHeader } from "@/lib/datasets/item-labels";
import { demoTables } from "@/lib/demo/seed-data";
import { useTestDatabase } from "@/test/database";
import { expectJson } from "@/test/http";
import { seedRows, signedInClient } from "@/test/session";
import * as exportRoute from "./[id]/datasets/[ds]/export/route";
import * as apply from "./[id]/datasets/[ds]/import/[importId]/apply/route";
import * as importRoute from "./[id]/datasets/[ds]/import/route";
import * as rows from "./[id]/datasets/[ds]/rows/route";

/** Imports that never misread a number (docs/tables.md, "What import reads"): decimal commas, and trailing zeros. */
useTestDatabase();

type Row = Record<string, string | number>;
type Cell = { column: string; before: string; after: string };
type Preview = {
  importId: string;
  numbers: { decimal: string; read: number; example: { text: string; as: string } | null };
  added: unknown[];
  changed: { parameter: string; cells: Cell[] }[];
  conflicts: unknown[];
};

let alice: Awaited<ReturnType<typeof signedInClient>>;
const at = () => ({ params: { id: String(alice.projectId), ds: "pier" } });
const table = async () => (await expectJson<{ data: Row[] }>(await alice.client.get(rows.GET, "", at()), 200)).data;
const upload = (text: string, name: string) => {
  const form = new FormData();
  form.append("file", new Blob([new TextEncoder().encode(text) as BlobPart]), name);
  return alice.client.post(importRoute.POST, "", { ...at(), form });
};
async function exportedCsv(): Promise<string[][]> {
  const response = await alice.client.get(exportRoute.GET, "?format=csv", at());
  expect(response.status).toBe(200);
  return parseCsv(await response.text()).map((record) => record.fields);
}
/** The file as a spreadsheet in a German locale saves it: semicolons, and a decimal comma in every number. */
const german = (records: string[][]) =>
  toCsv(
    records.map((fields) => fields.map((f) => (/^-?\d+\.\d+$/.test(f) ? f.replace(".", ",") : f))),
    ";",
  );
const set = (records: string[][], parameter: string, column: string, value: string) => {
  // The demo table's PierName heads the columns "Item1 · P1", ...
  const c = records[0]!.findIndex((header) => columnFromHeader(header) === column);
  records.find((r) => r[records[0]!.indexOf("Parameter")] === parameter)![c] = value;
};

beforeAll(async () => {
  alice = await signedInClient("numbers");
  await seedRows(alice.projectId, "pier", demoTables.pier());
});

describe("numbers as other locales write them", () => {
  it("a decimal-comma CSV of the demo pier table previews exactly the intended changes and stores radians for the angle row", async () => {
    const records = await exportedCsv();
    set(records, "PierHeight", "Item1", "11.700");
    set(records, "SkewAngle", "Item2", "16.00");
    const file = german(records);
    expect(file).toContain("11,700;");
    expect(file).toContain("15,00");
    const seen = await expectJson<Preview>(await upload(file, "pier-de.csv"), 200);
    expect(seen.numbers).toMatchObject({ decimal: "comma" });
    expect(seen.numbers.read).toBeGreaterThan(100);
    const before = await table();
    const of = (parameter: string) => before.find((r) => r.Parameter === parameter)!;
    expect(seen.changed).toEqual([
      { id: Number(of("PierHeight").Id), parameter: "PierHeight", version: 1, cells: [{ column: "Item1", before: of("PierHeight").Item1, after: "11.700" }] },
      {
        id: Number(of("SkewAngle").Id),
        parameter: "SkewAngle",
        version: 1,
        cells: [{ column: "Item2", before: of("SkewAngle").Item2, after: String((16 * Math.PI) / 180) }],
      },
    ]);
    expect(seen).toMatchObject({ added: [], conflicts: [] });
    await expectJson(await alice.client.post(apply.POST, "", { params: { ...at().params, importId: seen.importId }, body: {} }), 200);
    const after = (await table()).find((r) => r.Parameter === "SkewAngle")!;
    expect(Number(after.Item2)).toBeCloseTo((16 * Math.PI) / 180, 12);
    expect(after.Item1).toBe(of("SkewAngle").Item1);
  });

  it("our CSV saved back by a spreadsheet program with its trailing zeros dropped previews no change", async () => {
    const records = await exportedCsv();
    let dropped = 0;
    const saved = records.map((fields, r) =>
      fields.map((f) => {
        if (r === 0 || !/^-?\d+\.\d*0$/.test(f)) return f;
        dropped += 1;
        return String(Number(f));
      }),
    );
    expect(dropped).toBeGreaterThan(50);
    const seen = await expectJson<Preview>(await upload(toCsv(saved), "pier-saved.csv"), 200);
    expect(seen.changed).toEqual([]);
    expect(seen.numbers).toEqual({ decimal: "point", read: 0, example: null });
  });

  it('refuses a file whose "1,064" could be 1.064 or 1064, naming the cell', async () => {
    const file = toCsv([
      ["Parameter", "Item1", "Item2"],
      ["PierHeight", "1,064", "12"],
    ]);
    const refused = await expectJson<{ error: string; row: number; column: string }>(await upload(file, "ambiguous.csv"), 400);
    expect(refused.error).toMatch(/^File "ambiguous.csv", row 2, column B \(Item1\): "1,064" could be 1\.064 or 1064, and nothing in the file says which/);
    expect(refused).toMatchObject({ row: 2, column: "B" });
  });
});
