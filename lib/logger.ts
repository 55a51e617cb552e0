import pino from "pino";
import { env } from "@/lib/env";

type Holder = { logger?: pino.Logger };
const holder = ((globalThis as { __pontifexLogger?: Holder }).__pontifexLogger ??= {});

/**
 * One JSON logger per process (shared by the custom server and Next's bundles).
 * Secrets never reach it: cookies, authorization headers and tokens are redacted.
 */
export function logger(): pino.Logger {
  holder.logger ??= pino({
    level: process.env.VITEST && !process.env.LOG_LEVEL ? "silent" : env().LOG_LEVEL,
    base: { service: "pontifex" },
    redact: {
      paths: ["token", "*.token", "password", "*.password", "headers.cookie", "headers.authorization", "*.headers.cookie", "*.headers.authorization"],
      censor: "[redacted]",
    },
  });
  return holder.logger;
}
