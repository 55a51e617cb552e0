import { typedRoutes } from "@/lib/http/contract";
import type { revitEndpoints } from "./endpoints";

/** Pushes to the Revit add-in, add-in tokens and the live relay: where each call goes (what it takes and answers: ./endpoints). */
export const revitRoutes = {
  preview: { method: "POST", path: "/api/projects/{id}/pushes/preview" },
  push: { method: "POST", path: "/api/projects/{id}/pushes" },
  pushes: { method: "GET", path: "/api/revit/pushes" },
  events: { method: "GET", path: "/api/revit/events" },
  status: { method: "GET", path: "/api/revit/status" },
  tokens: { method: "GET", path: "/api/revit/tokens" },
  createToken: { method: "POST", path: "/api/revit/tokens" },
  revokeToken: { method: "DELETE", path: "/api/revit/tokens/{id}" },
  pushAll: { method: "POST", path: "/api/websocket/{ds}/fetch-all" },
  pushOne: { method: "POST", path: "/api/websocket/{ds}/fetch-one/{parameter}" },
} as const;

/** The routes as the browser calls them, typed by their endpoints' schemas (zod itself stays on the server). */
export const revitApi = typedRoutes<typeof revitEndpoints>(revitRoutes);
