import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { assistantEndpoints } from "@/lib/assistant/endpoints";
import { authEndpoints } from "@/lib/auth/endpoints";
import { calculationsEndpoints } from "@/lib/calculations/endpoints";
import { datasetsEndpoints } from "@/lib/datasets/endpoints";
import { type AnyEndpoint, documentedStatuses } from "@/lib/http/contract";
import { midasEndpoints } from "@/lib/midas/endpoints";
import { opsEndpoints } from "@/lib/ops/endpoints";
import { projectsEndpoints } from "@/lib/projects/endpoints";
import { relayEndpoints } from "@/lib/relay/endpoints";

/** Every contract module of the app; a feature with routes adds its own here. */
export const contracts: Record<string, Record<string, AnyEndpoint>> = {
  auth: authEndpoints as Record<string, AnyEndpoint>,
  projects: projectsEndpoints as Record<string, AnyEndpoint>,
  datasets: datasetsEndpoints as Record<string, AnyEndpoint>,
  relay: relayEndpoints as Record<string, AnyEndpoint>,
  calculations: calculationsEndpoints as Record<string, AnyEndpoint>,
  assistant: assistantEndpoints as Record<string, AnyEndpoint>,
  midas: midasEndpoints as Record<string, AnyEndpoint>,
  ops: opsEndpoints as Record<string, AnyEndpoint>,
};

export function allEndpoints(): AnyEndpoint[] {
  return Object.values(contracts).flatMap((c) => Object.values(c));
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

const errorSchema = z
  .object({ error: z.string() })
  .catchall(z.unknown())
  .meta({ id: "Error", description: "Every failure: `{error}`, a sentence a person can act on." });

function operation(e: AnyEndpoint): ZodOpenApiOperationObject {
  const produces = [e.produces ?? "application/octet-stream"].flat();
  const success =
    e.response === null
      ? { description: e.summary, content: Object.fromEntries(produces.map((type) => [type, { schema: { type: "string" } as never }])) }
      : {
          description: e.summary,
          content: {
            "application/json": { schema: e.response },
            // A JSON answer that can also come as a file (?format=csv).
            ...(e.produces ? Object.fromEntries(produces.map((type) => [type, { schema: { type: "string" } as never }])) : {}),
          },
        };
  const responses: Record<string, unknown> = { [String(e.status)]: success };
  for (const status of documentedStatuses(e)) {
    responses[String(status)] = { description: STATUS_TEXT[status] ?? "Failure", content: { "application/json": { schema: errorSchema } } };
  }
  return {
    summary: e.summary,
    ...(e.description ? { description: e.description } : {}),
    tags: [e.tag],
    ...(e.legacy ? { deprecated: false, "x-legacy": true } : {}),
    ...(e.auth ? {} : { security: [] }),
    ...(e.params || e.query ? { requestParams: { ...(e.params ? { path: e.params as never } : {}), ...(e.query ? { query: e.query as never } : {}) } } : {}),
    ...(e.body ? { requestBody: { required: true, content: { [e.consumes ?? "application/json"]: { schema: e.body as never } } } } : {}),
    responses: responses as ZodOpenApiOperationObject["responses"],
  };
}

type OpenApiDocument = ReturnType<typeof createDocument> & { paths: NonNullable<ReturnType<typeof createDocument>["paths"]> };

let cached: OpenApiDocument | undefined;

/** The OpenAPI 3.1 document of every route, generated from the contracts' zod schemas (never written by hand). */
export function openApiDocument(): OpenApiDocument {
  if (cached) return cached;
  const paths: ZodOpenApiPathsObject = {};
  for (const e of allEndpoints()) {
    const item = (paths[e.path] ??= {}) as Record<string, ZodOpenApiOperationObject>;
    item[e.method.toLowerCase()] = operation(e);
  }
  cached = {
    paths: {},
    ...createDocument({
      openapi: "3.1.0",
      info: {
        title: "Pontifex API",
        version: "1.0.0",
        description:
          "The parameter tables, projects, pushes to Revit, MIDAS Civil NX, calculations and assistant of Pontifex. Every route answers JSON and `{error}` on failure. State-changing calls must come from the app's own Origin; a call with a body must be JSON. Sign in with POST /api/auth/login: the `Session` cookie authenticates the rest.",
      },
      components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: "Session" } } },
      security: [{ session: [] }],
      tags: [...new Set(allEndpoints().map((e) => e.tag))].map((name) => ({ name })),
      paths,
    }),
  };
  return cached;
}
