import { z } from "zod";

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url({ protocol: /^https?$/, error: "expected an http(s) URL" }).optional());

const origins = z
  .string()
  .default("")
  .transform((v, ctx) => {
    const list = v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    for (const item of list) {
      let parsed: URL | undefined;
      try {
        parsed = new URL(item);
      } catch {
        /* reported below */
      }
      if (!parsed || parsed.origin !== item.replace(/\/$/, "")) {
        ctx.addIssue({ code: "custom", message: `expected comma-separated origins like https://pontifex.example.com (got "${item}")` });
        return z.NEVER;
      }
    }
    return list.map((s) => s.replace(/\/$/, ""));
  });

const flag = z
  .enum(["0", "1", "true", "false", ""], { error: 'expected "1" or "0"' })
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : v === "1" || v === "true"));

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce
    .number({ error: "expected a port number 1-65535" })
    .int({ error: "expected a port number 1-65535" })
    .min(1, { error: "expected a port number 1-65535" })
    .max(65535, { error: "expected a port number 1-65535" })
    .default(3000),
  HOST: z.string().trim().min(1, { error: "expected a host name or address to listen on" }).default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, { error: "expected a postgres:// or postgresql:// connection URL" })
        .optional(),
    )
    .optional(),
  PGLITE_DIR: z.string().trim().min(1, { error: "expected a directory path" }).default(".data"),
  SEED_DEMO: flag,
  ALLOWED_ORIGINS: origins,
  SUPER_T_URL: optionalUrl.optional(),
  DECK_UNIT_URL: optionalUrl.optional(),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "expected one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** Parses the environment; the error names the first bad variable and what is expected, on one line. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = String(issue.path[0] ?? "environment");
  const value = source[name];
  const got = value === undefined ? "" : ` (got "${value.length > 80 ? `${value.slice(0, 80)}...` : value}")`;
  throw new EnvError(`Invalid environment variable ${name}: ${issue.message}${got}`);
}

let cached: Env | undefined;

/** For entry points: validates the environment or stops the process with one clear line. */
export function exitOnBadEnv(): Env {
  try {
    return env();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** The validated environment, parsed once per process. */
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}

/** Whether the demo account and demo data are seeded: embedded database by default, PostgreSQL only with SEED_DEMO=1. */
export function shouldSeedDemo(e: Env = env()): boolean {
  return e.SEED_DEMO ?? !e.DATABASE_URL;
}
