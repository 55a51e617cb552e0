import { z } from "zod";
import { datasetParams } from "@/lib/datasets/route-params";
import { renamedSchema } from "@/lib/datasets/schemas";
import { endpoint } from "@/lib/http/contract";
import { revitRoutes } from "./api";
import { projectParams } from "@/lib/projects/schemas";
import { createTokenSchema, pushBodySchema, pushRequestSchema, pushRowParams, tokenParams } from "./schemas";

/** Pushes to the Revit add-in, add-in tokens and the live relay: the contract of /api/revit and the push routes. */
const tag = "Revit";
const legacyTag = "Legacy (spec)";

export const pushOutcomeSchema = z
  .object({
    pushId: z.string(),
    projectId: z.number().int(),
    dataset: z.string(),
    rows: z.number().int(),
    status: z.enum(["delivered", "queued"]),
    deliveredTo: z.number().int().meta({ description: "How many connected add-ins received it now (0: queued for 24 hours)." }),
  })
  .meta({ id: "PushOutcome" });

export const pushSummarySchema = z
  .object({
    pushId: z.string(),
    projectId: z.number().int(),
    projectName: z.string(),
    dataset: z.string(),
    mode: z.enum(["all", "one"]),
    parameter: z.string().nullable(),
    rows: z.number().int(),
    status: z.string(),
    deliveredTo: z.number().int(),
    createdAt: z.string(),
    deliveredAt: z.string().nullable(),
    receivedAt: z.string().nullable(),
    ackedAt: z.string().nullable(),
    errors: z.array(z.object({ id: z.number().optional(), parameter: z.string().optional(), message: z.string() })),
  })
  .meta({ id: "PushSummary" });

const tokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  connected: z.number().int(),
});

const connectionSchema = z.object({
  id: z.string(),
  clientName: z.string(),
  revitVersion: z.string(),
  document: z.string(),
  connectedAt: z.string(),
  lastSeenAt: z.string(),
  tokenName: z.string(),
});

const previewRow = z.record(z.string(), z.union([z.string(), z.number()]));

export const revitEndpoints = {
  preview: endpoint({
    ...revitRoutes.preview,
    summary: "What a push would change in Revit since your add-in last applied this table, and which add-ins would receive it",
    tag,
    auth: true,
    project: { from: "param", need: "write" },
    params: projectParams,
    body: pushRequestSchema,
    status: 200,
    response: z.object({
      added: z.array(previewRow),
      changed: z.array(
        z.object({
          id: z.number().int(),
          parameter: z.string(),
          cells: z.array(z.object({ column: z.string(), before: z.string(), after: z.string() })),
          renamed: renamedSchema,
        }),
      ),
      removed: z.array(previewRow),
      baselineAt: z.string().nullable(),
      recipients: z.array(z.object({ clientName: z.string(), revitVersion: z.string(), document: z.string(), tokenName: z.string() })),
    }),
    errors: [400, 401, 403, 404, 415],
  }),
  push: endpoint({
    ...revitRoutes.push,
    summary: "Push a Revit table, or one row of it, to your connected add-ins (editors and owners)",
    tag,
    auth: true,
    project: { from: "param", need: "write" },
    params: projectParams,
    body: pushRequestSchema,
    status: 202,
    response: pushOutcomeSchema,
    errors: [400, 401, 403, 404, 415, 429, 503],
  }),
  pushes: endpoint({
    ...revitRoutes.pushes,
    summary: "Your 50 most recent pushes and what the add-ins answered",
    tag,
    auth: true,
    status: 200,
    response: z.object({ pushes: z.array(pushSummarySchema) }),
    errors: [401],
  }),
  events: endpoint({
    ...revitRoutes.events,
    summary: "Server-sent events: connected add-ins (`connections`) and every change of a push (`push`)",
    tag,
    auth: true,
    status: 200,
    response: null,
    produces: "text/event-stream",
    errors: [401, 503],
  }),
  status: endpoint({
    ...revitRoutes.status,
    summary: "Your add-ins connected now",
    tag,
    auth: true,
    status: 200,
    response: z.object({ connected: z.array(connectionSchema) }),
    errors: [401],
  }),
  tokens: endpoint({
    ...revitRoutes.tokens,
    summary: "Your live add-in tokens (never the token itself)",
    tag,
    auth: true,
    status: 200,
    response: z.object({ tokens: z.array(tokenSchema) }),
    errors: [401],
  }),
  createToken: endpoint({
    ...revitRoutes.createToken,
    summary: "Create an add-in token; the token is in this answer only",
    tag,
    auth: true,
    body: createTokenSchema,
    status: 201,
    response: z.object({ id: z.number().int(), name: z.string(), token: z.string(), createdAt: z.string() }),
    errors: [400, 401, 409, 415],
  }),
  revokeToken: endpoint({
    ...revitRoutes.revokeToken,
    summary: "Revoke a token; its add-ins are disconnected at once",
    tag,
    auth: true,
    params: tokenParams,
    status: 200,
    response: z.object({ ok: z.literal(true) }),
    errors: [401, 404],
  }),

  // The spec's push routes: they act on the caller's current project.
  pushAll: endpoint({
    ...revitRoutes.pushAll,
    summary: "Push the current project's table to your add-ins (spec; body {user} is ignored: the session says who pushes)",
    tag: legacyTag,
    legacy: true,
    auth: true,
    project: { from: "current", need: "write" },
    params: datasetParams,
    body: pushBodySchema,
    status: 202,
    response: pushOutcomeSchema,
    errors: [400, 401, 403, 404, 415, 429, 503],
  }),
  pushOne: endpoint({
    ...revitRoutes.pushOne,
    summary: "Push one row of the current project's table, found by Parameter (spec)",
    tag: legacyTag,
    legacy: true,
    auth: true,
    project: { from: "current", need: "write" },
    params: pushRowParams,
    body: pushBodySchema,
    status: 202,
    response: pushOutcomeSchema,
    errors: [400, 401, 403, 404, 415, 429, 503],
  }),
};
