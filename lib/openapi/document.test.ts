import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { datasetKeys, revitDatasetKeys } from "@/lib/datasets/registry";
import { allOperations, openApiDocument } from "./document";
import { specialisedErrors } from "./errors";
import { examples } from "./examples";

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

type Doc = {
  servers: { url: string }[];
  info: { license?: { name: string }; contact?: { name: string } };
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, DocOperation>>;
  components: { schemas: Record<string, DocSchema>; parameters: Record<string, { in: string; name: string; required?: boolean }> };
};
type DocSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  properties?: Record<string, DocSchema>;
  items?: DocSchema;
  anyOf?: DocSchema[];
};
type DocOperation = {
  operationId?: string;
  description?: string;
  parameters?: { $ref?: string; in?: string; name?: string; schema?: DocSchema; example?: unknown }[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<
    string,
    {
      headers?: Record<string, { required?: boolean; schema?: DocSchema; example?: string }>;
      content?: Record<string, { schema: DocSchema; example?: unknown }>;
    }
  >;
};

const doc = () => JSON.parse(JSON.stringify(openApiDocument())) as Doc;
const operationsOf = (d: Doc) =>
  Object.entries(d.paths).flatMap(([p, ops]) => Object.entries(ops).map(([method, op]) => ({ where: `${method.toUpperCase()} ${p}`, method, op })));
const schemaOf = (d: Doc, schema: DocSchema): DocSchema => (schema.$ref ? d.components.schemas[schema.$ref.split("/").pop()!]! : schema);

describe("what a generated client gets from the document (issue 25)", () => {
  it("names every operation: a unique operationId from its contract and endpoint name", () => {
    const d = doc();
    const ids = operationsOf(d).map((o) => o.op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(d.paths["/api/projects/{id}/datasets/{ds}/rows"]!.get!.operationId).toBe("datasetsRows");
    expect(d.paths["/api/projects/{id}/datasets/{ds}/rows"]!.patch!.operationId).toBe("datasetsSaveRows");
    expect(d.paths["/api/auth/login"]!.post!.operationId).toBe("authLogin");
    expect(allOperations().map((o) => o.operationId)).toEqual(expect.arrayContaining(ids as string[]));
  });

  it("says where to send calls, under which licence, and what each tag holds", () => {
    const d = doc();
    expect(d.servers).toEqual([expect.objectContaining({ url: process.env.PUBLIC_URL || "/" })]);
    expect(d.info.license?.name).toBeTruthy();
    expect(d.info.contact?.name).toBeTruthy();
    expect(d.tags.filter((t) => !t.description).map((t) => t.name)).toEqual([]);
  });

  it("describes every operation beyond its summary: who may call it", () => {
    const d = doc();
    expect(
      operationsOf(d)
        .filter((o) => !o.op.description)
        .map((o) => o.where),
    ).toEqual([]);
    expect(d.paths["/api/projects/{id}/datasets/{ds}/rows"]!.patch!.description).toContain("the project's editors and owners");
    expect(d.paths["/api/calculations/bending"]!.post!.description).toContain("No session needed");
  });

  it("documents the Origin header as required on every state-changing call (login included), and on no read", () => {
    const d = doc();
    const origin = d.components.parameters.Origin!;
    expect(origin).toMatchObject({ in: "header", name: "Origin", required: true });
    const withOrigin = (op: DocOperation) => (op.parameters ?? []).some((p) => p.$ref === "#/components/parameters/Origin");
    const writes = operationsOf(d).filter((o) => o.method !== "get");
    expect(writes.length).toBeGreaterThan(30);
    expect(writes.filter((o) => !withOrigin(o.op)).map((o) => o.where)).toEqual([]);
    expect(withOrigin(d.paths["/api/auth/login"]!.post!)).toBe(true);
    expect(
      operationsOf(d)
        .filter((o) => o.method === "get" && withOrigin(o.op))
        .map((o) => o.where),
    ).toEqual([]);
  });

  it("types `ds` as one of the tables (a push's as a Revit table) and a row id as a whole number", () => {
    const d = doc();
    const param = (p: string, method: string, name: string) => d.paths[p]![method]!.parameters!.find((x) => x.name === name)!.schema!;
    expect(schemaOf(d, param("/api/projects/{id}/datasets/{ds}/rows", "get", "ds")).enum).toEqual([...datasetKeys]);
    expect(schemaOf(d, param("/api/database/{ds}/fetch-all", "get", "ds")).enum).toEqual([...datasetKeys]);
    expect(schemaOf(d, param("/api/websocket/{ds}/fetch-all", "post", "ds")).enum).toEqual([...revitDatasetKeys]);
    expect(param("/api/projects/{id}/datasets/{ds}/rows/{rowId}", "patch", "rowId")).toMatchObject({ type: "integer", minimum: 1, maximum: 2_147_483_647 });
  });

  it("documents file answers as binary with their Content-Disposition", () => {
    const d = doc();
    const exported = d.paths["/api/projects/{id}/datasets/{ds}/export"]!.get!.responses["200"]!;
    expect(exported.content!["text/csv"]!.schema).toEqual({ type: "string", format: "binary" });
    expect(exported.content!["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"]!.schema).toEqual({ type: "string", format: "binary" });
    expect(exported.headers!["Content-Disposition"]).toMatchObject({
      required: true,
      schema: { type: "string" },
      example: expect.stringMatching(/^attachment; filename="Bridge 7 - Revit_Pier Data - \d{4}-\d\d-\d\d\.csv"; filename\*=UTF-8''/),
    });
    const results = d.paths["/api/projects/{id}/midas/results/{kind}"]!.get!.responses["200"]!;
    expect(results.content!["text/csv"]!.schema).toEqual({ type: "string", format: "binary" });
    expect(results.headers!["Content-Disposition"]).toMatchObject({ required: false });
  });

  it("gives failures that carry more than {error} their own schema: the current row(s) of a 409, the place of a refused import, the limit of a 413, Retry-After of a 429", () => {
    const d = doc();
    const errorSchema = (p: string, method: string, status: string) =>
      schemaOf(d, d.paths[p]![method]!.responses[status]!.content!["application/json"]!.schema);
    const rows = "/api/projects/{id}/datasets/{ds}/rows";
    const saveConflict = errorSchema(rows, "patch", "409");
    expect(Object.keys(saveConflict.properties!)).toEqual(["error", "conflicts"]);
    expect(JSON.stringify(saveConflict.properties!.conflicts)).toContain("#/components/schemas/Row");
    expect(Object.keys(errorSchema(`${rows}/{rowId}`, "patch", "409").properties!)).toEqual(["error", "data"]);
    expect(Object.keys(errorSchema("/api/projects/{id}/datasets/{ds}/import", "post", "400").properties!)).toEqual([
      "error",
      "sheet",
      "row",
      "column",
      "problems",
      "more",
    ]);
    expect(Object.keys(errorSchema("/api/projects/{id}/datasets/{ds}/import/{importId}/apply", "post", "400").properties!)).toEqual(
      expect.arrayContaining(["error", "problems", "structure", "more"]),
    );
    expect(Object.keys(errorSchema(rows, "post", "413").properties!)).toEqual(expect.arrayContaining(["error", "limit"]));
    const push = d.paths["/api/projects/{id}/pushes"]!.post!.responses["429"]!;
    expect(push.headers!["Retry-After"]!.schema).toMatchObject({ type: "integer" });
    // Every operation named as carrying more exists and answers that status.
    for (const { operationId, status } of specialisedErrors) {
      const found = operationsOf(d).find((o) => o.op.operationId === operationId);
      expect(found?.op.responses[String(status)], `${operationId} ${status}`).toBeDefined();
    }
  });
});

describe("the examples (/docs/api shows them)", () => {
  it("every operation has an example request and answer, and every example is of an operation", () => {
    const d = doc();
    const missing = operationsOf(d).filter(({ op }) => {
      const success = Object.entries(op.responses).find(([status]) => status.startsWith("2"))![1];
      const answered = Object.values(success.content ?? {}).some((c) => c.example !== undefined);
      const bodyShown = !op.requestBody || Object.values(op.requestBody.content).some((c) => c.example !== undefined);
      const paramsShown = (op.parameters ?? []).filter((p) => p.in === "path").every((p) => p.example !== undefined);
      return !answered || !bodyShown || !paramsShown;
    });
    expect(missing.map((o) => o.where)).toEqual([]);
    const operationIds = new Set(allOperations().map((o) => o.operationId));
    expect(Object.keys(examples).filter((id) => !operationIds.has(id))).toEqual([]);
  });

  it("every example is what the endpoint's own schemas accept and answer", () => {
    const refused: string[] = [];
    for (const { operationId, endpoint } of allOperations()) {
      const example = examples[operationId]!;
      const check = (what: string, schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } } | null | undefined, value: unknown) => {
        if (!schema) return;
        const parsed = schema.safeParse(value);
        if (!parsed.success) refused.push(`${operationId} ${what}: ${String(parsed.error)}`);
      };
      const asText = (values: Record<string, string | number> | undefined) => Object.fromEntries(Object.entries(values ?? {}).map(([k, v]) => [k, String(v)]));
      check("params", endpoint.params, asText(example.params));
      check("query", endpoint.query, asText(example.query));
      if (endpoint.consumes !== "multipart/form-data") check("body", endpoint.body, example.body);
      if (example.answerType === undefined) check("answer", endpoint.response, example.answer);
      else expect(typeof example.answer, operationId).toBe("string");
    }
    expect(refused).toEqual([]);
  });
});
