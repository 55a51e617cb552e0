import { z } from "zod";

/** Trimmed and lower-cased, so one person has one account whatever they type. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const loginSchema = z.object({
  email: z.string({ error: "expected the e-mail address as text" }).max(320, { error: "e-mail address is too long" }),
  password: z.string({ error: "expected the password as text" }).max(1024, { error: "password is too long" }),
});
export type LoginInput = z.infer<typeof loginSchema>;

const name = z.string({ error: "expected text" }).trim().max(100, { error: "at most 100 characters" }).optional();

export const registerSchema = z.object({
  email: z
    .string({ error: "expected the e-mail address as text" })
    .trim()
    .max(320, { error: "e-mail address is too long" })
    .pipe(z.email({ error: "enter a valid e-mail address" })),
  password: z.string({ error: "expected the password as text" }).max(1024, { error: "password is too long" }),
  firstName: name,
  lastName: name,
});
export type RegisterInput = z.infer<typeof registerSchema>;
