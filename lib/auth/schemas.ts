import { z } from "zod";
import { storableText } from "@/lib/validation";

/** Trimmed and lower-cased, so one person has one account whatever they type. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const loginSchema = z.object({
  email: storableText({ max: 320, typeError: "expected the e-mail address as text", maxError: "e-mail address is too long" }),
  password: z.string({ error: "expected the password as text" }).max(1024, { error: "password is too long" }),
});
export type LoginInput = z.infer<typeof loginSchema>;

const name = storableText({ max: 100 })
  .transform((v) => v.trim())
  .optional();

export const registerSchema = z.object({
  email: storableText({ max: 320, typeError: "expected the e-mail address as text", maxError: "e-mail address is too long" })
    .transform((v) => v.trim())
    .pipe(z.email({ error: "enter a valid e-mail address" })),
  password: z.string({ error: "expected the password as text" }).max(1024, { error: "password is too long" }),
  firstName: name,
  lastName: name,
});
export type RegisterInput = z.infer<typeof registerSchema>;
