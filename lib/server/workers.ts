import cluster, { type Worker } from "node:cluster";
import { availableParallelism } from "node:os";
import type pino from "pino";
import type { Env } from "@/lib/env";
import { WORKER_SLOT_VARIABLE } from "./worker-slot";

export type WorkerPlan = { workers: number; why: string };

/**
 * How many server processes `npm start` runs. Several only on PostgreSQL: the embedded database's files belong to
 * one process, and the workers tell each other of pushes and table edits through PostgreSQL's LISTEN/NOTIFY.
 */
export function workerPlan(e: Pick<Env, "DATABASE_URL" | "PONTIFEX_WORKERS">, dev: boolean, cores = availableParallelism()): WorkerPlan {
  if (dev) return { workers: 1, why: "development server" };
  if (!e.DATABASE_URL) {
    return {
      workers: 1,
      why: e.PONTIFEX_WORKERS && e.PONTIFEX_WORKERS > 1 ? "embedded database: one process (PONTIFEX_WORKERS ignored)" : "embedded database",
    };
  }
  return e.PONTIFEX_WORKERS ? { workers: e.PONTIFEX_WORKERS, why: "PONTIFEX_WORKERS" } : { workers: cores, why: "one per core" };
}

/**
 * Password hashing threads per server process: the cores left after one for the event loop, shared out between the
 * workers (at least one each), so N workers do not each start a thread per core.
 */
export function hashThreads(workers: number, cores = availableParallelism()): number {
  return Math.max(1, Math.floor((cores - 1) / workers));
}

/** A worker that lived this long before dying is restarted at once; one that dies sooner waits twice as long as the last. */
const HEALTHY_UPTIME_MS = 30_000;
const FIRST_RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;

/** How long to wait before restarting a worker that died, given its uptime and the delay before its own start. */
export function restartDelayMs(uptimeMs: number, previousDelayMs: number): number {
  if (uptimeMs >= HEALTHY_UPTIME_MS) return 0;
  return Math.min(MAX_RESTART_DELAY_MS, Math.max(FIRST_RESTART_DELAY_MS, previousDelayMs * 2));
}

/**
 * The primary of `npm start` with several workers: it serves nothing. It forks `workers` copies of the server (which
 * share the port: the primary hands each new connection to the next worker in turn), restarts one that dies (after a
 * growing delay if it keeps dying young), and on SIGTERM or SIGINT asks every worker to shut down gracefully and exits
 * once they all have. Resolves when the primary is done (its exit code).
 */
export function runPrimary(options: { workers: number; exec: string; execArgv: string[]; log: pino.Logger }): Promise<number> {
  const { workers, log } = options;
  cluster.setupPrimary({ exec: options.exec, execArgv: options.execArgv });
  type Slot = { worker?: Worker; startedAt: number; delayMs: number; timer?: NodeJS.Timeout };
  const slots = new Map<number, Slot>();
  let stopping: NodeJS.Signals | undefined;
  let failed = false;

  return new Promise<number>((resolve) => {
    const finishIfDone = () => {
      if (stopping && [...slots.values()].every((s) => !s.worker)) {
        log.info({ failed }, "all workers stopped");
        resolve(failed ? 1 : 0);
      }
    };

    const start = (slot: number) => {
      const state = slots.get(slot)!;
      state.timer = undefined;
      state.startedAt = Date.now();
      const worker = cluster.fork({ [WORKER_SLOT_VARIABLE]: String(slot), PONTIFEX_WORKERS: String(workers) });
      state.worker = worker;
      worker.on("exit", (code, signal) => {
        state.worker = undefined;
        if (stopping) {
          // One still starting has no handler for the signal yet and ends by it: nothing was in flight there.
          if (code !== 0 && signal !== "SIGTERM") failed = true;
          log.info({ worker: slot, code, signal }, "worker stopped");
          finishIfDone();
          return;
        }
        const uptimeMs = Date.now() - state.startedAt;
        state.delayMs = restartDelayMs(uptimeMs, state.delayMs);
        log.error({ worker: slot, code, signal, uptimeMs, restartInMs: state.delayMs }, "worker died: restarting it");
        state.timer = setTimeout(() => start(slot), state.delayMs);
      });
    };

    for (let slot = 1; slot <= workers; slot++) {
      slots.set(slot, { startedAt: 0, delayMs: 0 });
      start(slot);
    }

    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      process.on(signal, () => {
        if (stopping) return;
        stopping = signal;
        log.info({ signal, workers }, "shutting down: asking every worker to finish");
        for (const state of slots.values()) {
          clearTimeout(state.timer);
          // SIGTERM whatever came in: a terminal's Ctrl-C has already sent the workers SIGINT, and a second SIGINT
          // would be taken as "stop now"; the workers treat either signal the same, once.
          state.worker?.process.kill("SIGTERM");
        }
        finishIfDone();
      });
    }
  });
}
