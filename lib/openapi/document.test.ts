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

/** Every integer a client may send (a body, a path segment, a query), with where it sits and its bounds. */
function integersSent(document: { paths: Record<string, Record<string, Record<string, unknown>>>; components?: { schemas?: Record<string, unknown> } }) {
  const found: { where: string; minimum?: number; maximum?: number }[] = [];
  const refs = document.components?.schemas ?? {};
  const walk = (node: unknown, where: string, seen: Set<unknown>): void => {
    if (!node || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    const schema = node as Record<string, unknown>;
    if (typeof schema.$ref === "string") walk(refs[schema.$ref.split("/").pop()!], where, seen);
    if (schema.type === "integer" || (Array.isArray(schema.type) && schema.type.includes("integer"))) {
      const max = [schema.maximum, typeof schema.exclusiveMaximum === "number" ? schema.exclusiveMaximum - 1 : undefined].filter((v) => typeof v === "number");
      const min = [schema.minimum, typeof schema.exclusiveMinimum === "number" ? schema.exclusiveMinimum + 1 : undefined].filter((v) => typeof v === "number");
      found.push({ where, maximum: max.length ? Math.min(...(max as number[])) : undefined, minimum: min.length ? Math.max(...(min as number[])) : undefined });
    }
    for (const [key, value] of Object.entries(schema)) if (key !== "$ref") walk(value, `${where}.${key}`, seen);
  };
  for (const [p, operations] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const where = `${method.toUpperCase()} ${p}`;
      walk(op.requestBody, `${where} body`, new Set());
      walk(op.parameters, `${where} parameters`, new Set());
    }
  }
  return found;
}

describe("what clients send", () => {
  it("every integer of every body, path and query is bounded by the 32-bit columns it goes to (issue 24, item 12)", () => {
    const document = openApiDocument() as unknown as Parameters<typeof integersSent>[0];
    const integers = integersSent(document);
    expect(integers.length).toBeGreaterThan(10);
    const unbounded = integers
      .filter((i) => i.maximum === undefined || i.maximum > 2_147_483_647 || i.minimum === undefined || i.minimum < -2_147_483_648)
      .map((i) => `${i.where}: ${i.minimum ?? "-∞"}..${i.maximum ?? "∞"}`);
    expect(unbounded).toEqual([]);
  });

  it("/api/openapi.json documents its answer as a JSON object (an OpenAPI document), not a string (issue 24, item 13)", () => {
    const document = openApiDocument() as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: Record<string, unknown> }> }> }>>;
      components: { schemas: Record<string, { type?: string; required?: string[] }> };
    };
    const answer = document.paths["/api/openapi.json"]!.get!.responses["200"]!.content["application/json"]!.schema;
    const schema = typeof answer.$ref === "string" ? document.components.schemas[answer.$ref.split("/").pop()!]! : answer;
    expect(schema.type).toBe("object");
    expect(schema.required).toEqual(expect.arrayContaining(["openapi", "info", "paths"]));
  });
});
