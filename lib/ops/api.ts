import { typedRoutes } from "@/lib/http/contract";
import type { opsEndpoints } from "./endpoints";

/** Probes for load balancers and orchestrators, and this API's own description: where each call goes (what it takes and answers: ./endpoints). */
export const opsRoutes = {
  health: { method: "GET", path: "/api/health" },
  ready: { method: "GET", path: "/api/ready" },
  openapi: { method: "GET", path: "/api/openapi.json" },
} as const;

/** The routes as the browser calls them, typed by their endpoints' schemas (zod itself stays on the server). */
export const opsApi = typedRoutes<typeof opsEndpoints>(opsRoutes);
