import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "./document";

const root = path.resolve(import.meta.dirname, "../..");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** Every route handler under app/api, as OpenAPI paths: `[id]` becomes `{id}`. */
function routesOnDisk(): { path: string; method: string }[] {
  const base = path.join(root, "app", "api");
  const files = (readdirSync(base, { recursive: true }) as string[]).filter((f) => f === "route.ts" || f.endsWith(`${path.sep}route.ts`));
  return files.flatMap((file) => {
    const source = readFileSync(path.join(base, file), "utf8");
    const apiPath = `/api/${path.dirname(file).split(path.sep).join("/")}`.replace(/\/\.$/, "").replace(/\[(\w+)\]/g, "{$1}");
    return METHODS.filter((m) => new RegExp(`export const ${m}\\b`).test(source)).map((method) => ({ path: apiPath, method }));
  });
}

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1", async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(openApiDocument())));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("documents every route that exists under app/api, with its method, and nothing that does not exist", () => {
    const document = openApiDocument() as unknown as { paths: Record<string, Record<string, unknown>> };
    const onDisk = routesOnDisk();
    expect(onDisk.length).toBeGreaterThan(30);
    const missing = onDisk.filter((r) => !document.paths[r.path]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
    const documented = Object.entries(document.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    const ghosts = documented.filter((d) => !onDisk.some((r) => `${r.method} ${r.path}` === d));
    expect(ghosts).toEqual([]);
  });

  it("describes request bodies and answers from the schemas the routes validate with", () => {
    const document = openApiDocument() as unknown as { paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>> };
    const create = document.paths["/api/projects"]!.post!;
    expect(JSON.stringify(create.requestBody)).toContain("copyFrom");
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(["201", "400", "401", "409", "415"]));
    const edit = document.paths["/api/projects/{id}/datasets/{ds}/rows/{rowId}"]!.patch!;
    expect(Object.keys(edit.responses)).toEqual(expect.arrayContaining(["200", "403", "404", "409"]));
  });
});
