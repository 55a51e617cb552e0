import { z } from "zod";
import { storableText } from "@/lib/validation";

/** `{user}` of the push calls: accepted for compatibility, never trusted (the session says who pushes). */
export const pushBodySchema = z.object({ user: z.unknown().optional() }, { error: 'expected a JSON object like {"user": ...}' });

export const createTokenSchema = z.object({
  name: storableText({ max: 100, typeError: "expected the token's name as text" })
    .transform((v) => v.trim())
    .pipe(z.string().min(1, { error: "give the token a name, e.g. the workstation it is for" })),
});

export const tokenParams = z.object({ id: z.string() });
export const pushRowParams = z.object({ ds: z.string(), parameter: z.string() });

/** A push of the project-scoped API: a whole table, or one row of it by Parameter. */
export const pushRequestSchema = z.object({
  dataset: z.string({ error: "expected the dataset key, e.g. pier" }),
  parameter: storableText({ max: 255, typeError: "expected the row's Parameter as text" }).optional(),
});
