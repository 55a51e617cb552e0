import { z } from "zod";

/** `{user}` of the push calls: accepted for compatibility, never trusted (the session says who pushes). */
export const pushBodySchema = z.object({ user: z.unknown().optional() }, { error: "expected a JSON object like {\"user\": ...}" });

export const createTokenSchema = z.object({
  name: z
    .string({ error: "expected the token's name as text" })
    .trim()
    .min(1, { error: "give the token a name, e.g. the workstation it is for" })
    .max(100, { error: "at most 100 characters" }),
});

export const tokenParams = z.object({ id: z.string() });
export const pushRowParams = z.object({ ds: z.string(), parameter: z.string() });
