import { z } from "zod";
import { endpoint } from "@/lib/http/contract";
import { authRoutes } from "./api";
import { loginSchema, registerSchema } from "./schemas";

/** Sign-up, sign-in and sessions: the contract of /api/auth. */
const tag = "Accounts";

export const publicUserSchema = z.object({ id: z.number().int(), email: z.string(), firstName: z.string(), lastName: z.string() }).meta({ id: "User" });

export const authEndpoints = {
  register: endpoint({
    ...authRoutes.register,
    summary: "Create an account (with its first project). A taken e-mail gets the same answer, and no second account.",
    tag,
    auth: false,
    body: registerSchema,
    status: 201,
    response: z.object({ message: z.string() }),
    errors: [400, 403, 413, 415, 429, 503],
  }),
  login: endpoint({
    ...authRoutes.login,
    summary: "Sign in: sets the Session cookie. 10 failed attempts for one e-mail in 15 minutes lock it.",
    tag,
    auth: false,
    body: loginSchema,
    status: 200,
    response: z.object({ user: publicUserSchema }),
    errors: [400, 401, 403, 413, 415, 429, 503],
  }),
  logout: endpoint({
    ...authRoutes.logout,
    summary: "Sign out: ends the session and clears the cookie",
    tag,
    auth: false,
    status: 200,
    response: z.object({ ok: z.literal(true) }),
    errors: [403],
  }),
  me: endpoint({
    ...authRoutes.me,
    summary: "The signed-in user",
    tag,
    auth: true,
    status: 200,
    response: z.object({ user: publicUserSchema }),
    errors: [401],
  }),
};
