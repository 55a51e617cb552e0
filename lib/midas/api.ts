import { z } from "zod";
import { endpoint } from "@/lib/http/contract";
import { projectParams } from "@/lib/projects/schemas";
import {
  applySchema,
  connectionBodySchema,
  connectionSchema,
  connectionTestSchema,
  previewSchema,
  runDetailSchema,
  runParams,
  runSummarySchema,
} from "./schemas";

/** The MIDAS Civil NX connection and Create Midas: the contract of /api/midas and /api/projects/{id}/midas. */
const tag = "MIDAS";

export const midasApi = {
  connection: endpoint({
    method: "GET",
    path: "/api/midas/connection",
    summary: "Your MIDAS connection: the base URL and the last 4 characters of the key",
    tag,
    auth: true,
    status: 200,
    response: connectionSchema,
    errors: [401, 404],
  }),
  saveConnection: endpoint({
    method: "PUT",
    path: "/api/midas/connection",
    summary: "Save your MIDAS base URL and MAPI-Key (the key is encrypted and never returned)",
    tag,
    auth: true,
    body: connectionBodySchema,
    status: 200,
    response: connectionSchema,
    errors: [400, 401, 415],
  }),
  forgetConnection: endpoint({
    method: "DELETE",
    path: "/api/midas/connection",
    summary: "Forget your MIDAS connection and key",
    tag,
    auth: true,
    status: 200,
    response: z.object({ ok: z.literal(true) }),
    errors: [401],
  }),
  testConnection: endpoint({
    method: "POST",
    path: "/api/midas/connection/test",
    summary: "Ask MIDAS who the key belongs to: the product and version, or what failed (502)",
    description:
      "502 `{error, kind}` with kind unreachable | timeout | refused-key | not-running | midas-error | bad-response; 400 when the host is no longer in MIDAS_ALLOWED_HOSTS.",
    tag,
    auth: true,
    status: 200,
    response: connectionTestSchema,
    errors: [400, 401, 404, 409, 502],
  }),
  preview: endpoint({
    method: "POST",
    path: "/api/projects/{id}/midas/preview",
    summary: "Validate the project's Midas tables and show what applying would create, update and delete in your MIDAS",
    tag,
    auth: true,
    params: projectParams,
    status: 200,
    response: previewSchema,
    errors: [400, 401, 404, 409, 502],
  }),
  apply: endpoint({
    method: "POST",
    path: "/api/projects/{id}/midas/apply",
    summary: "Create Midas: build the model from the project's tables in your MIDAS, read it back, record the run (editors and owners)",
    description:
      "422 `{error, problems}` while the tables have problems (nothing is sent); 409 while another run of the project goes on; 502 `{error, kind, runId}` when MIDAS fails before anything was written. A failure part way answers 200 with outcome failed.",
    tag,
    auth: true,
    params: projectParams,
    status: 200,
    response: applySchema,
    errors: [400, 401, 403, 404, 409, 422, 502],
  }),
  runs: endpoint({
    method: "GET",
    path: "/api/projects/{id}/midas/runs",
    summary: "Every Create Midas run of the project, newest first (with the progress of one going on)",
    tag,
    auth: true,
    params: projectParams,
    status: 200,
    response: z.object({ runs: z.array(runSummarySchema) }),
    errors: [401, 404],
  }),
  run: endpoint({
    method: "GET",
    path: "/api/projects/{id}/midas/runs/{runId}",
    summary: "One run with its full diff and the table versions it was built from",
    tag,
    auth: true,
    params: runParams,
    status: 200,
    response: runDetailSchema,
    errors: [401, 404],
  }),
};
