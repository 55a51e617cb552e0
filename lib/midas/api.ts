import { typedRoutes } from "@/lib/http/contract";
import type { midasEndpoints } from "./endpoints";

/** The MIDAS Civil NX connection, Create Midas, the analysis and its results: where each call goes (what it takes and answers: ./endpoints). */
export const midasRoutes = {
  connection: { method: "GET", path: "/api/midas/connection" },
  saveConnection: { method: "PUT", path: "/api/midas/connection" },
  forgetConnection: { method: "DELETE", path: "/api/midas/connection" },
  testConnection: { method: "POST", path: "/api/midas/connection/test" },
  preview: { method: "POST", path: "/api/projects/{id}/midas/preview" },
  model: { method: "GET", path: "/api/projects/{id}/midas/model" },
  apply: { method: "POST", path: "/api/projects/{id}/midas/apply" },
  runs: { method: "GET", path: "/api/projects/{id}/midas/runs" },
  run: { method: "GET", path: "/api/projects/{id}/midas/runs/{runId}" },
  analysis: { method: "POST", path: "/api/projects/{id}/midas/analysis" },
  settings: { method: "GET", path: "/api/projects/{id}/midas/settings" },
  saveSettings: { method: "PUT", path: "/api/projects/{id}/midas/settings" },
  results: { method: "GET", path: "/api/projects/{id}/midas/results/{kind}" },
  refreshResults: { method: "POST", path: "/api/projects/{id}/midas/results/{kind}/refresh" },
  girderCheck: { method: "GET", path: "/api/projects/{id}/midas/checks/girder" },
} as const;

/** The routes as the browser calls them, typed by their endpoints' schemas (zod itself stays on the server). */
export const midasApi = typedRoutes<typeof midasEndpoints>(midasRoutes);
