// Preloaded into a test server (NODE_OPTIONS="--expose-gc --import <this file>"): on SIGUSR2 the server collects
// its garbage and prints one line with the memory it still uses, so a test can tell what the server keeps from what
// V8 has not yet given back (RSS). Nothing of Pontifex's own code knows of it.
import { isMainThread } from "node:worker_threads";

if (isMainThread) {
  process.on("SIGUSR2", () => {
    globalThis.gc?.();
    globalThis.gc?.();
    const { heapUsed, external, rss } = process.memoryUsage();
    process.stdout.write(`${JSON.stringify({ heapProbe: { heapUsed, external, rss } })}\n`);
  });
}
