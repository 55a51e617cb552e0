import { Writable } from "node:stream";
import pino from "pino";
import { afterEach, expect, it } from "vitest";
import { routeConsoleToLogger } from "@/lib/logger";

let restore = () => {};
afterEach(() => restore());

function capture(): { log: pino.Logger; entries: () => Record<string, unknown>[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      done();
    },
  });
  return { log: pino({ level: "debug" }, stream), entries: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

it("Next's console lines become JSON log lines, at their level, without colours or Next's symbols", async () => {
  const { log, entries } = capture();
  restore = routeConsoleToLogger(log);
  console.log("\u001b[32m\u001b[1m✓\u001b[22m\u001b[39m Running next.config.mjs took 46ms");
  console.log("");
  console.warn("\u001b[33m\u001b[1m⚠\u001b[22m\u001b[39m", "images.domains is deprecated");
  console.error("\u001b[31m\u001b[1m⨯\u001b[22m\u001b[39m", new Error("EACCES: permission denied, mkdir '/app/.next/cache/images'"));
  await new Promise((r) => setImmediate(r));
  restore();

  expect(entries()).toEqual([
    expect.objectContaining({ level: 30, source: "console", msg: "Running next.config.mjs took 46ms" }),
    expect.objectContaining({ level: 40, source: "console", msg: "images.domains is deprecated" }),
    expect.objectContaining({
      level: 50,
      source: "console",
      msg: "EACCES: permission denied, mkdir '/app/.next/cache/images'",
      err: expect.objectContaining({ type: "Error", stack: expect.stringContaining("logger.test.ts") }),
    }),
  ]);
});
