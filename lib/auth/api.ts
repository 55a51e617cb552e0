import { typedRoutes } from "@/lib/http/contract";
import type { authEndpoints } from "./endpoints";

/** Sign-up, sign-in and sessions: the contract of /api/auth: where each call goes (what it takes and answers: ./endpoints). */
export const authRoutes = {
  register: { method: "POST", path: "/api/auth/register" },
  login: { method: "POST", path: "/api/auth/login" },
  logout: { method: "POST", path: "/api/auth/logout" },
  me: { method: "GET", path: "/api/auth/me" },
} as const;

/**
 * What registration answers, whether the address was new or taken: it reveals nothing about who has an account, and
 * promises no e-mail (none is sent).
 */
export const REGISTERED_MESSAGE = "If this address is new, its account is ready: sign in.";

/** Where the register page leaves the address it signed up, for the login form to start from (not in the URL: logs keep URLs). */
export const REGISTERED_EMAIL_KEY = "pontifex.registeredEmail";

/** The routes as the browser calls them, typed by their endpoints' schemas (zod itself stays on the server). */
export const authApi = typedRoutes<typeof authEndpoints>(authRoutes);
