import { typedRoutes } from "@/lib/http/contract";
import type { authEndpoints } from "./endpoints";

/** Sign-up, sign-in and sessions: the contract of /api/auth: where each call goes (what it takes and answers: ./endpoints). */
export const authRoutes = {
  register: { method: "POST", path: "/api/auth/register" },
  login: { method: "POST", path: "/api/auth/login" },
  logout: { method: "POST", path: "/api/auth/logout" },
  me: { method: "GET", path: "/api/auth/me" },
} as const;

/** The routes as the browser calls them, typed by their endpoints' schemas (zod itself stays on the server). */
export const authApi = typedRoutes<typeof authEndpoints>(authRoutes);
