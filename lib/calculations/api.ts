import { typedRoutes } from "@/lib/http/contract";
import type { calculationsEndpoints } from "./endpoints";

/** The AS 3600 calculations as a JSON API: where each call goes (what it takes and answers: ./endpoints). */
export const calculationsRoutes = {
  bending: { method: "POST", path: "/api/calculations/bending" },
  shear: { method: "POST", path: "/api/calculations/shear" },
  lapLength: { method: "POST", path: "/api/calculations/lap-length" },
} as const;

/** The routes as the browser calls them, typed by their endpoints' schemas (zod itself stays on the server). */
export const calculationsApi = typedRoutes<typeof calculationsEndpoints>(calculationsRoutes);
