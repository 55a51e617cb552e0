import { z } from "zod";
import { endpoint } from "@/lib/http/contract";
import { opsRoutes } from "./api";

/** Probes for load balancers and orchestrators, and this API's own description. */
const tag = "Operations";

const checks = z.record(z.string(), z.string());

export const opsEndpoints = {
  health: endpoint({
    ...opsRoutes.health,
    summary: "Liveness: the process answers",
    tag,
    auth: false,
    status: 200,
    response: z.object({
      status: z.literal("ok"),
      worker: z.number().int().optional().describe("Which of `npm start`'s worker processes answered (1 to their number), when there are several"),
    }),
    errors: [],
  }),
  ready: endpoint({
    ...opsRoutes.ready,
    summary: "Readiness: database reachable and migrated, pool not starved, relay listening (503 otherwise and while shutting down)",
    tag,
    auth: false,
    status: 200,
    response: z.object({ status: z.string(), checks }),
    errors: [503],
  }),
  openapi: endpoint({
    ...opsRoutes.openapi,
    summary: "This document: the OpenAPI 3.1 description of every route, generated from the zod schemas the routes validate with",
    tag,
    auth: false,
    status: 200,
    response: z
      .object({
        openapi: z.string(),
        info: z.object({ title: z.string(), version: z.string() }),
        paths: z.record(z.string(), z.unknown()).meta({ description: "Every route, by path and method." }),
      })
      .meta({ id: "OpenApiDocument", description: "An OpenAPI 3.1 document (https://spec.openapis.org/oas/v3.1.0)." }),
    errors: [],
  }),
};
