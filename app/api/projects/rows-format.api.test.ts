import { gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import * as fetchAll from "@/app/api/database/[ds]/fetch-all/route";
import { type ColumnsAnswer, decodeLines, decodeRows, type LinesAnswer } from "@/lib/datasets/compact";
import { carriedKind } from "@/lib/datasets/kinds";
import { useTestDatabase } from "@/test/database";
import { expectJson } from "@/test/http";
import { signedInClient } from "@/test/session";
import * as rows from "./[id]/datasets/[ds]/rows/route";

useTestDatabase();

type Row = Record<string, string | number>;
let alice: Awaited<ReturnType<typeof signedInClient>>;
const at = () => ({ params: { id: String(alice.projectId), ds: "pier" } });

beforeAll(async () => {
  alice = await signedInClient("alice");
  // Wide enough that its answers are gzipped once per revision and kept.
  const values = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`Item${i + 1}`, (i * 1.25).toFixed(3)]));
  for (let r = 0; r < 30; r++) {
    const data = r % 3 === 0 ? { Parameter: `Sparse${r}`, Item2: "1.5" } : { Parameter: `Param${r}`, ...values };
    await expectJson(await alice.client.post(rows.POST, "", { ...at(), body: { data } }), 201);
  }
});

const get = (query: string, gzip = false) =>
  alice.client.get(rows.GET, `?${query}`, { params: at().params, headers: gzip ? { "accept-encoding": "gzip" } : {} });

async function bodyOf(response: Response): Promise<unknown> {
  expect(response.status).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  const gzipped = response.headers.get("x-pontifex-content-encoding") === "gzip";
  return JSON.parse((gzipped ? gunzipSync(bytes) : bytes).toString("utf8"));
}

describe("GET .../rows?format=columns (the table screen's own answer)", () => {
  it("holds the same rows as the plain answer, each column named once", async () => {
    const plain = (await bodyOf(await get(""))) as { data: Row[]; columns: string[] };
    const compact = (await bodyOf(await get("format=columns"))) as {
      fields: string[];
      columns: string[];
      rows: unknown[][];
      kinds: NonNullable<ColumnsAnswer["kinds"]>;
    };
    expect(compact.fields).toEqual(["Id", "Parameter", "CreatedAt", "UpdatedAt", "Version"]);
    expect(new Set(compact.columns)).toEqual(new Set(plain.columns));
    const decoded = decodeRows(compact);
    // The decoded rows carry their kinds under a symbol, not as columns: their keys and values are the plain rows'.
    expect(decoded.map((row) => ({ ...Object.fromEntries(Object.entries(row)) }))).toEqual(
      plain.data.map(({ kind: _kind, unit: _unit, kindFrom: _from, ...row }) => row),
    );
    // Each row's kind, unit and where the kind came from: on the row in the plain answer, beside the rows in the compact one.
    expect(compact.kinds).toEqual(plain.data.map((row) => [row.kind, row.unit, row.kindFrom]));
    expect(decoded.map((row) => carriedKind(row))).toEqual(plain.data.map((row) => ({ kind: row.kind, unit: row.unit, from: row.kindFrom })));
    // Item names are short, values three-decimal texts: about half the bytes.
    expect(JSON.stringify(compact).length / JSON.stringify(plain).length).toBeLessThan(0.6);
  });

  it("?format=lines (the screen's) holds the same rows and kinds as the columns form, a line of text each", async () => {
    const compact = (await bodyOf(await get("format=columns"))) as ColumnsAnswer;
    const lines = (await bodyOf(await get("format=lines"))) as LinesAnswer;
    expect(lines.fields).toEqual(compact.fields);
    expect(lines.columns).toEqual(compact.columns);
    expect(lines.kinds).toEqual(compact.kinds);
    expect(lines.rows.every((line) => typeof line === "string")).toBe(true);
    const decoded = decodeLines(lines);
    expect(decoded.map((row) => Object.fromEntries(Object.entries(row)))).toEqual(decodeRows(compact).map((row) => Object.fromEntries(Object.entries(row))));
    expect(decoded.map((row) => carriedKind(row))).toEqual(decodeRows(compact).map((row) => carriedKind(row)));
    // Gzipped once per revision, like the other forms, and never mixed up with them.
    expect(Object.keys((await bodyOf(await get("format=lines", true))) as object)).toEqual(["fields", "columns", "rows", "kinds"]);
    expect(((await bodyOf(await get("format=lines", true))) as LinesAnswer).rows).toEqual(lines.rows);
  });

  it("answers each form with its own body when both are asked for gzipped from one revision", async () => {
    // The gzip of the spec's fetch-all was once handed to the screen's request for the same revision.
    const legacy = (await bodyOf(await alice.client.get(fetchAll.GET, "", { params: { ds: "pier" }, headers: { "accept-encoding": "gzip" } }))) as Record<
      string,
      unknown
    >;
    const plain = (await bodyOf(await get("", true))) as Record<string, unknown>;
    const compact = (await bodyOf(await get("format=columns", true))) as Record<string, unknown>;
    expect(Object.keys(legacy)).toEqual(["data"]);
    expect(Object.keys(plain)).toEqual(["data", "columns"]);
    expect(Object.keys(compact)).toEqual(["fields", "columns", "rows", "kinds"]);
  });

  it("refuses a format it does not know with 400", async () => {
    const answer = await expectJson<{ error: string }>(await get("format=csv"), 400);
    expect(answer.error).toBe('Invalid query: format is "columns", "lines" or left out.');
  });
});
