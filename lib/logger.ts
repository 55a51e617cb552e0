import { format } from "node:util";
import pino from "pino";
import { env } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";
import { workerSlot } from "@/lib/server/worker-slot";

const holder = processSingleton<{ logger?: pino.Logger; consoleRouted?: boolean }>("logger", () => ({}));

/**
 * One JSON logger per process (shared by the custom server and Next's bundles).
 * Secrets never reach it: cookies, authorization headers and tokens are redacted.
 */
export function logger(): pino.Logger {
  holder.logger ??= pino({
    level: process.env.VITEST && !process.env.LOG_LEVEL ? "silent" : env().LOG_LEVEL,
    // Each of `npm start`'s workers says which it is (lib/server/workers.ts).
    base: { service: "pontifex", ...(workerSlot() ? { worker: workerSlot() } : {}) },
    redact: {
      paths: ["token", "*.token", "password", "*.password", "headers.cookie", "headers.authorization", "*.headers.cookie", "*.headers.authorization"],
      censor: "[redacted]",
    },
  });
  return holder.logger;
}

const CONSOLE_LEVELS = { debug: "debug", log: "info", info: "info", warn: "warn", error: "error" } as const;
// Colours, and the symbol Next puts before its lines (✓ ⨯ ⚠ ○ ▲ »): its level says the same in a JSON line.
const ANSI = /\u001b\[[0-9;]*m/g;
const NEXT_SYMBOL = /^\s*[✓⨯⚠○▲»](\s+|$)/u;

/** The text of a console call, as console would print it, without colours or Next's leading symbol. */
export function consoleMessage(args: unknown[]): string {
  return format(...args)
    .replace(ANSI, "")
    .replace(NEXT_SYMBOL, "")
    .trim();
}

/**
 * Sends what other code prints with console (Next's `✓ Running next.config.mjs took ...`, its `⨯` errors) through
 * the logger, so that every line the server prints is JSON. An Error among the arguments is logged as `err`, with its
 * stack; blank lines, which only space out Next's output, are dropped.
 */
export function routeConsoleToLogger(log: pino.Logger = logger()): () => void {
  if (holder.consoleRouted) return () => {};
  holder.consoleRouted = true;
  const fromConsole = log.child({ source: "console" });
  const target = console as unknown as Record<string, (...args: unknown[]) => void>;
  const originals = Object.fromEntries(Object.keys(CONSOLE_LEVELS).map((method) => [method, target[method]!]));
  for (const [method, level] of Object.entries(CONSOLE_LEVELS)) {
    target[method] = (...args: unknown[]) => {
      const err = args.find((arg) => arg instanceof Error);
      const message = consoleMessage(args.filter((arg) => arg !== err)) || (err as Error | undefined)?.message;
      if (!message) return;
      if (err) fromConsole[level]({ err }, message);
      else fromConsole[level](message);
    };
  }
  // For tests: console as it was.
  return () => {
    Object.assign(target, originals);
    holder.consoleRouted = false;
  };
}
