import { z } from "zod";
import { endpoint } from "@/lib/http/contract";
import { midasRoutes } from "./api";
import { projectParams } from "@/lib/projects/schemas";
import {
  analysisSchema,
  applySchema,
  connectionBodySchema,
  connectionSchema,
  connectionTestSchema,
  previewSchema,
  resultParams,
  resultsQuery,
  resultsSchema,
  runDetailSchema,
  runParams,
  runSummarySchema,
} from "./schemas";

/** The MIDAS Civil NX connection and Create Midas: the contract of /api/midas and /api/projects/{id}/midas. */
const tag = "MIDAS";

export const midasEndpoints = {
  connection: endpoint({
    ...midasRoutes.connection,
    summary: "Your MIDAS connection: the base URL and the last 4 characters of the key",
    tag,
    auth: true,
    status: 200,
    response: connectionSchema,
    errors: [401, 404],
  }),
  saveConnection: endpoint({
    ...midasRoutes.saveConnection,
    summary: "Save your MIDAS base URL and MAPI-Key (the key is encrypted and never returned)",
    description:
      "Nothing is called: 400 only for a base URL that is not an http(s) URL of the usual shape (a user name or password, a query or fragment, port 0) or a key shorter than 16 characters. Whether the host may be called is decided on use (Test connection), with the same answer as a host that does not answer.",
    tag,
    auth: true,
    body: connectionBodySchema,
    status: 200,
    response: connectionSchema,
    errors: [400, 401, 415],
  }),
  forgetConnection: endpoint({
    ...midasRoutes.forgetConnection,
    summary: "Forget your MIDAS connection and key",
    tag,
    auth: true,
    status: 200,
    response: z.object({ ok: z.literal(true) }),
    errors: [401],
  }),
  testConnection: endpoint({
    ...midasRoutes.testConnection,
    summary: "Ask MIDAS who the key belongs to: the product and version, or what failed (502)",
    description:
      '502 `{error, kind}` with kind unreachable | timeout | refused-key | not-running | midas-error | bad-response. A base URL that leads to no MIDAS (its host and port not allowed by MIDAS_ALLOWED_HOSTS, nothing listening, not HTTP, an HTTP server that is not MIDAS, a redirect, an unknown host) answers one and the same `{error, kind: "unreachable"}`; a MIDAS that answers says what it refused (refused-key, not-running, midas-error).',
    tag,
    auth: true,
    status: 200,
    response: connectionTestSchema,
    errors: [400, 401, 404, 409, 502],
  }),
  preview: endpoint({
    ...midasRoutes.preview,
    summary: "Validate the project's Midas tables and show what applying would create, update and delete in your MIDAS",
    tag,
    auth: true,
    // Reading the model writes nothing: viewers may preview too.
    project: { from: "param", need: "read" },
    params: projectParams,
    status: 200,
    response: previewSchema,
    errors: [400, 401, 404, 409, 502],
  }),
  apply: endpoint({
    ...midasRoutes.apply,
    summary: "Create Midas: build the model from the project's tables in your MIDAS, read it back, record the run (editors and owners)",
    description:
      "422 `{error, problems}` while the tables have problems (nothing is sent); 409 while another run of the project goes on; 502 `{error, kind, runId}` when MIDAS fails before anything was written. A failure part way answers 200 with outcome failed.",
    tag,
    auth: true,
    project: { from: "param", need: "write" },
    params: projectParams,
    status: 200,
    response: applySchema,
    errors: [400, 401, 403, 404, 409, 422, 502],
  }),
  runs: endpoint({
    ...midasRoutes.runs,
    summary: "Every Create Midas run of the project, newest first (with the progress of one going on)",
    tag,
    auth: true,
    project: { from: "param", need: "read" },
    params: projectParams,
    status: 200,
    response: z.object({ runs: z.array(runSummarySchema) }),
    errors: [401, 404],
  }),
  run: endpoint({
    ...midasRoutes.run,
    summary: "One run with its full diff and the table versions it was built from",
    tag,
    auth: true,
    project: { from: "param", need: "read" },
    params: runParams,
    status: 200,
    response: runDetailSchema,
    errors: [401, 404],
  }),
  analysis: endpoint({
    ...midasRoutes.analysis,
    summary: "Run analysis: POST /doc/ANAL in your MIDAS, then read and store the reactions, bearing, girder and pile results (editors and owners)",
    description:
      '409 `{error}` "build first" when MIDAS does not hold the model of the project\'s current Midas tables (never built, or the tables changed since the last build), or while another run goes on; 502 `{error, kind, runId}` when MIDAS cannot be reached. An analysis MIDAS reports as failed answers 200 with outcome failed and its message.',
    tag,
    auth: true,
    project: { from: "param", need: "write" },
    params: projectParams,
    status: 200,
    response: analysisSchema,
    errors: [400, 401, 403, 404, 409, 502],
  }),
  results: endpoint({
    ...midasRoutes.results,
    summary:
      "The stored results of a kind (reaction, bearing, girder, pile), numbers as numbers, flagged stale once the tables have changed; as CSV or XLSX with ?format",
    description:
      "404 `{error}` when there are no results yet; 400 for a case the results do not hold. Reading them again from MIDAS is the POST .../refresh of editors and owners: a GET never changes them.",
    tag,
    auth: true,
    project: { from: "param", need: "read" },
    params: resultParams,
    query: resultsQuery,
    status: 200,
    response: resultsSchema,
    produces: ["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    errors: [400, 401, 404, 502],
  }),
  refreshResults: endpoint({
    ...midasRoutes.refreshResults,
    summary: "Read a kind's results again from MIDAS through your own connection and store them as the project's, recording who read them (editors and owners)",
    description:
      "404 `{error}` before the model was ever built; 400 when your MIDAS connection is missing or MIDAS refuses the request; 403 for a viewer; 502 `{error, kind}` when MIDAS cannot be reached. Answers the stored results as GET does.",
    tag,
    auth: true,
    project: { from: "param", need: "write" },
    params: resultParams,
    status: 200,
    response: resultsSchema,
    errors: [400, 401, 403, 404, 409, 502],
  }),
};
