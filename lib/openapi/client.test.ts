import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import { afterAll, describe, expect, it } from "vitest";
import { openApiDocument } from "./document";

const root = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(tmpdir(), "pontifex-client-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * An integrator's code against the client generated from the document: typed calls that compile, and calls the
 * types must refuse (each `@ts-expect-error` fails the compilation if the generated types let it through).
 */
const calls = `
import type { components, operations, paths } from "./api";

type Method = "get" | "post" | "put" | "patch" | "delete";
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type Json<R> = R extends { content: { "application/json": infer J } } ? J : never;
type Success<O> = O extends { responses: infer R } ? Json<R[Extract<keyof R, 200 | 201 | 202>]> : never;
type Body<O> = O extends { requestBody: { content: { "application/json": infer B } } } ? B : O extends { requestBody?: { content: { "application/json": infer B } } } ? B : undefined;
type Parameters<O> = O extends { parameters: infer X } ? X : never;

/** A typed fetch of one operation: its path, query and headers, its JSON body, its success answer. */
async function call<P extends keyof paths, M extends Method>(
  path: P,
  method: M,
  init: { params: Parameters<Operation<P, M>>; body?: Body<Operation<P, M>> },
): Promise<Success<Operation<P, M>>> {
  const params = init.params as { path?: Record<string, string | number>; query?: Record<string, string | number>; header?: Record<string, string> };
  const url = String(path).replace(/\\{(\\w+)\\}/g, (_, name: string) => encodeURIComponent(String(params.path?.[name])));
  const query = new URLSearchParams(Object.entries(params.query ?? {}).map(([k, v]) => [k, String(v)])).toString();
  const response = await fetch(query ? url + "?" + query : url, {
    method: method.toUpperCase(),
    headers: { ...params.header, ...(init.body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return (await response.json()) as Success<Operation<P, M>>;
}

const origin = { Origin: "https://pontifex.example.com" };
type Row = components["schemas"]["Row"];

export async function integrator(): Promise<number> {
  const user = await call("/api/auth/login", "post", { params: { header: origin }, body: { email: "ada@example.com", password: "secret" } });
  const email: string = user.user.email;

  const rows = await call("/api/projects/{id}/datasets/{ds}/rows", "get", { params: { path: { id: 1, ds: "pier" } } });
  const first: Row | undefined = "data" in rows ? rows.data[0] : undefined;
  const version: number | undefined = first?.Version;

  const saved = await call("/api/projects/{id}/datasets/{ds}/rows", "patch", {
    params: { path: { id: 1, ds: "midaspiles" }, header: origin },
    body: { rows: [{ id: 12, data: { Version: 5, Item2: "9300" } }] },
  });
  const savedRows: Row[] = saved.data;

  const edited = await call("/api/projects/{id}/datasets/{ds}/rows/{rowId}", "patch", {
    params: { path: { id: 1, ds: "pier", rowId: 12 }, header: origin },
    body: { data: { Version: 5 } },
  });

  // @ts-expect-error a state-changing call must send Origin
  await call("/api/projects/{id}/datasets/{ds}/rows/{rowId}", "patch", { params: { path: { id: 1, ds: "pier", rowId: 12 } }, body: { data: {} } });
  // @ts-expect-error ds names one of the tables
  await call("/api/projects/{id}/datasets/{ds}/rows", "get", { params: { path: { id: 1, ds: "piers" } } });
  // @ts-expect-error a row id is a number
  await call("/api/projects/{id}/datasets/{ds}/rows/{rowId}/history", "get", { params: { path: { id: 1, ds: "pier", rowId: "12" } } });
  // @ts-expect-error only Revit tables are pushed
  await call("/api/websocket/{ds}/fetch-all", "post", { params: { path: { ds: "midaspiles" }, header: origin }, body: {} });

  // Named operations, and what their failures carry.
  const conflicts: { id: number; data: Row | null }[] | undefined = ({} as operations["datasetsSaveRows"]["responses"][409]["content"]["application/json"]).conflicts;
  const current: Row | undefined = ({} as operations["datasetsEdit"]["responses"][409]["content"]["application/json"]).data;
  const refused = {} as operations["datasetsImportPreview"]["responses"][400]["content"]["application/json"];
  const place: [string | undefined, number | undefined, string | undefined] = [refused.sheet, refused.row, refused.column];
  const limit: number | undefined = ({} as operations["datasetsCreate"]["responses"][413]["content"]["application/json"]).limit;
  const retryAfter: number | undefined = ({} as operations["relayPush"]["responses"][429]["headers"])["Retry-After"];
  const disposition: string = ({} as operations["datasetsExportTable"]["responses"][200]["headers"])["Content-Disposition"];
  // @ts-expect-error no such operation
  const missing: operations["noSuchOperation"] = {};

  return [email, version, savedRows, edited.data.Id, conflicts, current, place, limit, retryAfter, disposition, missing].length;
}
`;

describe("a client generated from the document (openapi-typescript)", () => {
  it("has every operation by name, and typed calls against it compile while wrong ones do not", async () => {
    const generated = astToString(await openapiTS(JSON.parse(JSON.stringify(openApiDocument())) as OpenAPI3));
    expect(generated).not.toMatch(/operations\s*=\s*Record<string, never>/);
    expect(generated).toContain("datasetsRows: {");
    writeFileSync(path.join(dir, "api.ts"), generated);
    writeFileSync(path.join(dir, "calls.ts"), calls);
    // A project of its own: strict, no ambient types but the DOM's fetch.
    const compilerOptions = {
      noEmit: true,
      strict: true,
      noUncheckedIndexedAccess: true,
      target: "ES2022",
      lib: ["ES2022", "DOM"],
      module: "ESNext",
      moduleResolution: "Bundler",
      types: [],
    };
    writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["calls.ts"] }));
    const tsc = spawnSync(process.execPath, [path.join(root, "node_modules", "typescript", "bin", "tsc"), "-p", dir], { cwd: dir, encoding: "utf8" });
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);
  }, 60_000);
});
