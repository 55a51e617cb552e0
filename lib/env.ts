import "server-only";
import { z } from "zod";
import type { ConnectOptions } from "@/db/client";

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url({ protocol: /^https?$/, error: "expected an http(s) URL" }).optional());

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v));

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

const positiveInt = (what: string, min = 1, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce
    .number({ error: `expected ${what}` })
    .int({ error: `expected ${what}` })
    .min(min, { error: `expected ${what}` })
    .max(max, { error: `expected ${what}` });

/** The address the site is reached at: an http(s) origin, no path. */
const publicUrl = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (v === "") return undefined;
    let parsed: URL | undefined;
    try {
      parsed = new URL(v);
    } catch {
      /* reported below */
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== v.replace(/\/$/, "")) {
      ctx.addIssue({ code: "custom", message: "expected the site's public origin, like https://pontifex.example.com (no path)" });
      return z.NEVER;
    }
    return parsed.origin;
  })
  .optional();

/** The server secret (encrypts the MIDAS keys at rest): long enough to be a key, never logged. */
const secret = z
  .string()
  .transform((v) => (v.trim() === "" ? undefined : v.trim()))
  .pipe(z.string().min(32, { error: "expected at least 32 characters (generate one with: openssl rand -base64 48)" }).optional())
  .optional();

/** host or host:port entries, comma-separated (an IPv6 address in brackets). */
const hostList = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (v === "") return undefined;
    const list = v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    for (const item of list) {
      if (!/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/.test(item)) {
        ctx.addIssue({ code: "custom", message: `expected comma-separated host or host:port entries like moa-engineers.midasit.com (got "${item}")` });
        return z.NEVER;
      }
    }
    return list.join(",");
  })
  .optional();

const envObject = z.object({
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
  PUBLIC_URL: publicUrl,
  TRUST_PROXY: flag,
  TABLE_MAX_BYTES: positiveInt("a size in bytes of at least 1 MiB (1048576)", 1_048_576).default(64 * 1024 * 1024),
  AUTH_ATTEMPTS_PER_MINUTE: positiveInt("a whole number of attempts, at least 1").default(20),
  MAX_SOCKETS_PER_TOKEN: positiveInt("a whole number of sockets, at least 1").default(5),
  PUSHES_PER_MINUTE: positiveInt("a whole number of pushes, at least 1").default(30),
  // Open tables' event streams (lib/live), counted on each server process: one per browser tab with a table open.
  LIVE_STREAMS_PER_USER: positiveInt("a whole number of streams, at least 1").default(20),
  LIVE_STREAMS_PER_SERVER: positiveInt("a whole number of streams, at least 1").default(1000),
  // An .xlsx import (a zip: a small file can unpack to gigabytes): the parts it reads and what they unpack to,
  // counted as they inflate; and the shared strings (the workbook's distinct texts), counted as they are read.
  XLSX_MAX_PARTS: positiveInt("a whole number of parts, at least 10", 10).default(10_000),
  XLSX_MAX_PART_BYTES: positiveInt("a size in bytes of at least 1 MiB (1048576)", 1_048_576).default(128 * 1024 * 1024),
  XLSX_MAX_UNPACKED_BYTES: positiveInt("a size in bytes of at least 1 MiB (1048576)", 1_048_576).default(256 * 1024 * 1024),
  XLSX_MAX_SHARED_STRINGS: positiveInt("a whole number of strings, at least 1").default(1_000_000),
  XLSX_MAX_SHARED_STRING_CHARS: positiveInt("a whole number of characters, at least 1").default(16_000_000),
  DB_STATEMENT_TIMEOUT_MS: positiveInt("milliseconds, at least 100", 100).default(30_000),
  DB_ACQUIRE_TIMEOUT_MS: positiveInt("milliseconds, at least 100", 100).default(10_000),
  // Connections of each server process's pool (every worker has its own, plus one that listens for the bus).
  DB_POOL_SIZE: positiveInt("a whole number of connections, 1 to 1000", 1, 1000).default(10),
  // Server processes `npm start` runs on PostgreSQL (unset: one per core); always 1 on the embedded database.
  PONTIFEX_WORKERS: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    positiveInt("a whole number of worker processes, 1 to 256", 1, 256).optional(),
  ),
  INVITATION_DAYS: positiveInt("a whole number of days, 1 to 365", 1, 365).default(14),
  MAX_PENDING_INVITATIONS: positiveInt("a whole number of invitations, at least 1").default(50),
  SUPER_T_URL: optionalUrl.optional(),
  // The assistant's OpenAI-compatible model: off until LLM_BASE_URL and LLM_MODEL are both set.
  LLM_BASE_URL: optionalUrl.optional(),
  LLM_API_KEY: optionalText.optional(),
  LLM_MODEL: optionalText.optional(),
  CHAT_MESSAGES_PER_MINUTE: positiveInt("a whole number of messages, at least 1").default(20),
  // What one conversation may hold (the server sends all of it to the model with every message), and how many each user may keep per project.
  CHAT_MAX_CONVERSATION_BYTES: positiveInt("a size in bytes of at least 10000", 10_000).default(1_000_000),
  CHAT_MAX_CONVERSATIONS_PER_PROJECT: positiveInt("a whole number of conversations, at least 1").default(500),
  DECK_UNIT_URL: optionalUrl.optional(),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "expected one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
  PONTIFEX_SECRET: secret,
  MIDAS_ALLOWED_HOSTS: hostList,
});

// With PostgreSQL several processes share the data, so the secret cannot be made up by one of them.
export const envSchema = envObject.superRefine((e, ctx) => {
  if (e.DATABASE_URL && !e.PONTIFEX_SECRET) {
    ctx.addIssue({
      code: "custom",
      path: ["PONTIFEX_SECRET"],
      message: "required when DATABASE_URL is set: at least 32 characters, the same for every server process (generate one with: openssl rand -base64 48)",
    });
  }
});

export type Env = z.infer<typeof envSchema>;

/** Variables whose value an error message never repeats. */

export class EnvError extends Error {}

/** Variables whose value must never be echoed, not even in the error about it. */
const SECRET_VARIABLES = new Set(["PONTIFEX_SECRET", "LLM_API_KEY"]);

/** Parses the environment; the error names the first bad variable and what is expected, on one line. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = String(issue.path[0] ?? "environment");
  const value = source[name];
  const got =
    value === undefined || value === ""
      ? ""
      : SECRET_VARIABLES.has(name)
        ? ` (got ${value.trim().length} characters)`
        : ` (got "${value.length > 80 ? `${value.slice(0, 80)}...` : value}")`;
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

/** Forgets the parsed environment, so the next env() reads process.env again (tests that change a variable). */
export function resetEnv(): void {
  cached = undefined;
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

/** How this process connects to its database (db/client.ts reads no environment of its own). */
export function databaseOptions(e: Env = env()): ConnectOptions {
  return {
    databaseUrl: e.DATABASE_URL,
    pgliteDir: e.PGLITE_DIR,
    statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    acquireTimeoutMs: e.DB_ACQUIRE_TIMEOUT_MS,
    poolSize: e.DB_POOL_SIZE,
  };
}
