import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { assistantEndpoints } from "@/lib/assistant/endpoints";
import { authEndpoints } from "@/lib/auth/endpoints";
import { calculationsEndpoints } from "@/lib/calculations/endpoints";
import { datasetsEndpoints } from "@/lib/datasets/endpoints";
import { datasetKeys, revitDatasetKeys } from "@/lib/datasets/registry";
import { env } from "@/lib/env";
import { type AnyEndpoint, documentedStatuses } from "@/lib/http/contract";
import { midasEndpoints } from "@/lib/midas/endpoints";
import { opsEndpoints } from "@/lib/ops/endpoints";
import type { Need } from "@/lib/projects/roles";
import { projectsEndpoints } from "@/lib/projects/endpoints";
import { revitEndpoints } from "@/lib/revit/endpoints";
import { MAX_ID } from "@/lib/validation";
import { errorBody, errorExample } from "./errors";
import { examples, type OperationExample } from "./examples";

/** Every contract module of the app; a feature with routes adds its own here. */
export const contracts: Record<string, Record<string, AnyEndpoint>> = {
  auth: authEndpoints as Record<string, AnyEndpoint>,
  projects: projectsEndpoints as Record<string, AnyEndpoint>,
  datasets: datasetsEndpoints as Record<string, AnyEndpoint>,
  relay: revitEndpoints as Record<string, AnyEndpoint>,
  calculations: calculationsEndpoints as Record<string, AnyEndpoint>,
  assistant: assistantEndpoints as Record<string, AnyEndpoint>,
  midas: midasEndpoints as Record<string, AnyEndpoint>,
  ops: opsEndpoints as Record<string, AnyEndpoint>,
};

export function allEndpoints(): AnyEndpoint[] {
  return Object.values(contracts).flatMap((c) => Object.values(c));
}

/** An operation's id: its contract and endpoint name (`datasets.saveRows` → `datasetsSaveRows`), the name a generated client gives the call. */
export function operationId(contract: string, name: string): string {
  return contract + name.charAt(0).toUpperCase() + name.slice(1);
}

export type Operation = { operationId: string; contract: string; name: string; endpoint: AnyEndpoint };

export function allOperations(): Operation[] {
  return Object.entries(contracts).flatMap(([contract, endpoints]) =>
    Object.entries(endpoints).map(([name, endpoint]) => ({ operationId: operationId(contract, name), contract, name, endpoint })),
  );
}

const STATUS_TEXT: Record<number, string> = {
  400: "The request is malformed; the error names the field.",
  401: "Not signed in, or the session has expired.",
  403: "Refused: a foreign Origin, or a role that may not do this (the error names the role).",
  404: "No such thing, or not one of yours (a project you are not a member of is not revealed).",
  409: "A conflict: the row changed since you read it (the answer carries the current row), a duplicate name, a limit.",
  413: "Too large: the request body (2 MB; an upload 25 MB), the table's size budget, or too many new columns in one write.",
  415: "A call with a body must send Content-Type: application/json (an upload: multipart/form-data).",
  421: "The Host is not this site's (PUBLIC_URL).",
  422: "The data cannot be processed as it is; the answer lists the problems.",
  429: "Too many requests; Retry-After says when to try again.",
  502: "A program the server calls (MIDAS, the language model) failed; the error says how.",
  503: "The server is busy or not ready; Retry-After says when to try again.",
};

const TAG_TEXT: Record<string, string> = {
  Accounts: "Sign-up, sign-in and sessions: POST /api/auth/login sets the `Session` cookie that every other call of a signed-in user sends.",
  Projects: "Projects, their members and roles (owner, editor, viewer), and invitations. Every table belongs to a project.",
  Tables:
    "The parameter tables of a project, by `ds`: the four Revit tables and the nine Midas tables. Rows (every write checks the row's Version), history, live events, export and import.",
  Revit: "Pushes of tables to the Revit add-in, the add-in tokens, and the add-ins connected now.",
  "Legacy (spec)": "The routes of the original specification, kept working: they act on your current project. Newer clients use the project-scoped routes.",
  Calculations: "AS 3600:2018 design calculations: pure functions of what is sent, no session needed.",
  Assistant: "The assistant of the current project: the chat (a stream of server-sent events) and your stored conversations.",
  MIDAS: "Your MIDAS Civil NX connection; Create Midas (the analysis model built from the project's Midas tables), the analysis and its stored results.",
  Operations: "Liveness and readiness probes for load balancers and orchestrators, and this document.",
};

const WHO: Record<Need, string> = {
  read: "any member of the project (viewers too)",
  write: "the project's editors and owners",
  own: "the project's owners",
};

/** What an integrator needs beyond the summary: the endpoint's own words, who may call it, what it must send. */
function describe(e: AnyEndpoint): string {
  const who = !e.auth
    ? "No session needed."
    : e.project?.from === "param"
      ? `Needs a session; acts on project \`{id}\`, for ${WHO[e.project.need]}.`
      : e.project?.from === "current"
        ? `Needs a session; acts on your current project (PUT /api/projects/current), for ${WHO[e.project.need]}.`
        : "Needs a session (the `Session` cookie).";
  const write = e.method === "GET" ? "" : " State-changing: send the `Origin` header of this site, or the call is refused (403) before anything is read.";
  const legacy = e.legacy ? " A route of the original specification: it acts on your current project." : "";
  return `${e.description ? `${e.description}\n\n` : ""}${who}${write}${legacy}`;
}

const datasetKeySchema = z
  .enum(datasetKeys)
  .meta({ id: "DatasetKey", description: "A table of the project: the four Revit tables, then the nine Midas tables." });
const revitDatasetKeySchema = z.enum(revitDatasetKeys).meta({ id: "RevitDatasetKey", description: "A Revit table: only these are pushed to the add-in." });
const rowIdParam = z.number().int().min(1).max(MAX_ID);

/** What a path or query value is, where its schema does not say. */
function parameterText(path: string, name: string): string | undefined {
  if (name === "id") {
    if (path.startsWith("/api/projects/")) return "The project's id.";
    if (path.startsWith("/api/revit/tokens/")) return "The add-in token's id.";
    if (path.startsWith("/api/chat/conversations/")) return "The conversation's id (made by the client when it started the chat).";
  }
  if (name === "format" && path.endsWith("/export")) return "The file: xlsx (the default) or csv.";
  return {
    rowId: "The row's Id.",
    invitationId: "The invitation's id.",
    userId: "The member's user id.",
    importId: "The import's id, from its preview.",
    name: "The column's name.",
    parameter: "The row's Parameter.",
    runId: "The run's id.",
    kind: "The kind of results.",
    version: "Delete only if the row is still at this Version (409 with the current row otherwise): the undo of a create.",
    client: "This browser tab's id (a random UUID): presence tells the tabs of one person apart.",
    user: "Only the changes of this user id.",
    before: "Only events older than this event id: the next page.",
  }[name];
}

const described = (schema: z.ZodType, text: string | undefined) =>
  text && !z.globalRegistry.get(schema)?.description ? schema.meta({ description: text }) : schema;

/**
 * The path and query parameters as the document states them: each described; `ds` one of the tables (a push's, a
 * Revit table) and a row's id a whole number. The server's schemas take any text there and answer 404 (or 400) for
 * what names no table or row; this is what a client should send.
 */
function documentedParameters(contract: string, e: AnyEndpoint, schema: z.ZodType | undefined): z.ZodType | undefined {
  if (!(schema instanceof z.ZodObject)) return schema;
  const shape = schema.shape as Record<string, z.ZodType>;
  return z.object(
    Object.fromEntries(
      Object.entries(shape).map(([name, value]) => {
        if (schema === e.params && name === "ds") return [name, contract === "relay" ? revitDatasetKeySchema : datasetKeySchema];
        if (schema === e.params && name === "rowId") return [name, described(rowIdParam, parameterText(e.path, name))];
        return [name, described(value, parameterText(e.path, name))];
      }),
    ),
  );
}

/** A push's body names a Revit table (the server refuses a Midas one with 400). */
function documentedBody(e: AnyEndpoint): z.ZodType | undefined {
  if (e.body instanceof z.ZodObject && "dataset" in e.body.shape && e.path.includes("/pushes")) return e.body.extend({ dataset: revitDatasetKeySchema });
  return e.body;
}

const EVENT_STREAM = "text/event-stream";
const retryAfter = {
  "Retry-After": {
    description: "Seconds after which trying again makes sense; absent when waiting does not help (a count limit: remove something first).",
    schema: { type: "integer", minimum: 1 },
  },
};
/** A download's name; `always` false: a JSON answer that can also come as a file (?format=csv or xlsx). */
const contentDisposition = (always: boolean, example: string) => ({
  "Content-Disposition": {
    description: `The file's name, plain (non-ASCII replaced) and exactly (RFC 5987)${always ? "" : "; with ?format=csv or xlsx"}.`,
    required: always,
    schema: { type: "string" },
    example: `attachment; filename="${example}"; filename*=UTF-8''${encodeURIComponent(example)}`,
  },
});

function success(e: AnyEndpoint, example: OperationExample | undefined) {
  const produces = [e.produces ?? "application/octet-stream"].flat();
  // Beside JSON, or instead of it (a file, an event stream).
  const others = e.response === null || e.produces ? produces : [];
  const files = others.filter((type) => type !== EVENT_STREAM);
  const answerType = example?.answerType ?? (e.response ? "application/json" : produces[0]);
  const withExample = (type: string) => (example && type === answerType ? { example: example.answer } : {});
  const content = Object.fromEntries(
    others.map((type) => [
      type,
      {
        schema:
          type === EVENT_STREAM
            ? { type: "string", description: "Server-sent events: `event:` and `data:` (JSON) lines." }
            : { type: "string", format: "binary" },
        ...withExample(type),
      },
    ]),
  );
  return {
    description: e.summary,
    ...(files.length > 0 ? { headers: contentDisposition(e.response === null, example?.fileName ?? "download") } : {}),
    content: e.response === null ? content : { "application/json": { schema: e.response, ...withExample("application/json") }, ...content },
  };
}

function operation({ operationId, contract, endpoint: e }: Operation): ZodOpenApiOperationObject {
  const example = examples[operationId];
  const responses: Record<string, unknown> = { [String(e.status)]: success(e, example) };
  for (const status of documentedStatuses(e)) {
    responses[String(status)] = {
      description: STATUS_TEXT[status] ?? "Failure",
      ...(status === 429 || status === 503 ? { headers: retryAfter } : {}),
      content: { "application/json": { schema: errorBody(operationId, contract, status), example: errorExample(operationId, status) } },
    };
  }
  const path = documentedParameters(contract, e, e.params);
  const query = documentedParameters(contract, e, e.query);
  const body = documentedBody(e);
  return {
    operationId,
    summary: e.summary,
    description: describe(e),
    tags: [e.tag],
    ...(e.legacy ? { deprecated: false, "x-legacy": true } : {}),
    ...(e.auth ? {} : { security: [] }),
    ...(e.method === "GET" ? {} : { parameters: [{ $ref: "#/components/parameters/Origin" }] }),
    ...(path || query ? { requestParams: { ...(path ? { path: path as never } : {}), ...(query ? { query: query as never } : {}) } } : {}),
    ...(body
      ? {
          requestBody: {
            required: true,
            content: { [e.consumes ?? "application/json"]: { schema: body as never, ...(example && "body" in example ? { example: example.body } : {}) } },
          },
        }
      : {}),
    responses: responses as ZodOpenApiOperationObject["responses"],
  };
}

type Parameter = { in: string; name: string; example?: unknown };
type OpenApiDocument = ReturnType<typeof createDocument> & { paths: NonNullable<ReturnType<typeof createDocument>["paths"]> };

/** The example request's path and query values, on the parameters zod-openapi made from the schemas. */
function addParameterExamples(document: OpenApiDocument, operations: Operation[]): void {
  for (const { operationId, endpoint } of operations) {
    const example = examples[operationId];
    const op = (document.paths[endpoint.path] as Record<string, { parameters?: Parameter[] }>)[endpoint.method.toLowerCase()]!;
    for (const parameter of op.parameters ?? []) {
      const value = parameter.in === "path" ? example?.params?.[parameter.name] : parameter.in === "query" ? example?.query?.[parameter.name] : undefined;
      if (value !== undefined) parameter.example = value;
    }
  }
}

let cached: OpenApiDocument | undefined;

/** The OpenAPI 3.1 document of every route, generated from the contracts' zod schemas (never written by hand). */
export function openApiDocument(): OpenApiDocument {
  if (cached) return cached;
  const operations = allOperations();
  const paths: ZodOpenApiPathsObject = {};
  for (const o of operations) {
    const item = (paths[o.endpoint.path] ??= {}) as Record<string, ZodOpenApiOperationObject>;
    item[o.endpoint.method.toLowerCase()] = operation(o);
  }
  const site = env().PUBLIC_URL;
  const document: OpenApiDocument = {
    paths: {},
    ...createDocument({
      openapi: "3.1.0",
      info: {
        title: "Pontifex API",
        version: "1.0.0",
        description:
          "The parameter tables, projects, pushes to Revit, MIDAS Civil NX, calculations and assistant of Pontifex. Every route answers JSON and `{error}` on failure. State-changing calls must come from the app's own Origin; a call with a body must be JSON. Sign in with POST /api/auth/login: the `Session` cookie authenticates the rest.",
        contact: { name: "The administrators of this Pontifex site", ...(site ? { url: `${site}/docs/api` } : {}) },
        license: { name: "Proprietary: all rights reserved", identifier: "LicenseRef-Proprietary" },
      },
      servers: [{ url: site ?? "/", description: site ? "This site (PUBLIC_URL)" : "The site that serves this document" }],
      components: {
        securitySchemes: { session: { type: "apiKey", in: "cookie", name: "Session", description: "Set by POST /api/auth/login; sent back by the browser." } },
        parameters: {
          Origin: {
            in: "header",
            name: "Origin",
            required: true,
            description:
              "This site's origin (PUBLIC_URL, or one of ALLOWED_ORIGINS). Browsers send it; a script must too: a state-changing call without it, or from another origin, is refused with 403 (login included).",
            schema: { type: "string", format: "uri" },
            example: site ?? "http://localhost:3000",
          },
        },
      },
      security: [{ session: [] }],
      tags: [...new Set(operations.map((o) => o.endpoint.tag))].map((name) => ({ name, ...(TAG_TEXT[name] ? { description: TAG_TEXT[name] } : {}) })),
      paths,
    }),
  };
  addParameterExamples(document, operations);
  cached = document;
  return cached;
}
