import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import bcrypt from "bcryptjs";
import { DomainError } from "@/lib/errors";
import { processSingleton } from "@/lib/process-singleton";

/**
 * bcrypt costs ~250 ms of CPU at cost 12. Run on the event loop, twenty
 * sign-ins at once stall every other request for seconds; so hashes run in
 * worker threads, at most `workers` at a time with a short queue, and past
 * that the caller is told to come back (503 with Retry-After).
 */
export type PasswordHasher = {
  hash(password: string, cost: number): Promise<string>;
  compare(password: string, hash: string): Promise<boolean>;
  close(): Promise<void>;
};

export const HASH_QUEUE_PER_WORKER = 8;

export const busyError = () => new DomainError("unavailable", "The server is busy signing other people in. Please try again in a few seconds.", undefined, 2);

type Job = { op: "hash" | "compare"; password: string; hash?: string; cost?: number; resolve: (value: unknown) => void; reject: (error: unknown) => void };

export class WorkerHasher implements PasswordHasher {
  private readonly idle: Worker[] = [];
  private readonly all: Worker[] = [];
  private readonly queue: Job[] = [];
  private readonly running = new Map<Worker, Job>();
  private readonly queueLimit: number;

  constructor(workers = Math.max(1, availableParallelism() - 1)) {
    this.queueLimit = workers * HASH_QUEUE_PER_WORKER;
    for (let i = 0; i < workers; i++) {
      const worker = new Worker(new URL("./hash-worker.mjs", import.meta.url));
      worker.unref();
      worker.on("message", (message: { result?: unknown; error?: string }) => {
        const job = this.running.get(worker);
        this.running.delete(worker);
        if (job) {
          if (message.error !== undefined) job.reject(new Error(message.error));
          else job.resolve(message.result);
        }
        this.idle.push(worker);
        this.next();
      });
      this.all.push(worker);
      this.idle.push(worker);
    }
  }

  private submit<T>(job: Omit<Job, "resolve" | "reject">): Promise<T> {
    if (this.queue.length >= this.queueLimit) return Promise.reject(busyError());
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ ...job, resolve: resolve as (value: unknown) => void, reject });
      this.next();
    });
  }

  private next(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop()!;
      const job = this.queue.shift()!;
      this.running.set(worker, job);
      worker.postMessage({ id: 0, op: job.op, password: job.password, hash: job.hash, cost: job.cost });
    }
  }

  hash(password: string, cost: number): Promise<string> {
    return this.submit({ op: "hash", password, cost });
  }

  compare(password: string, hash: string): Promise<boolean> {
    return this.submit({ op: "compare", password, hash });
  }

  async close(): Promise<void> {
    await Promise.all(this.all.map((w) => w.terminate()));
  }
}

/** Without workers (tests in one process): bcryptjs's async API, with the same cap on hashes at once. */
export class InlineHasher implements PasswordHasher {
  private active = 0;
  constructor(private readonly limit = 16) {}

  private async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) throw busyError();
    this.active++;
    try {
      return await work();
    } finally {
      this.active--;
    }
  }

  hash(password: string, cost: number) {
    return this.run(() => bcrypt.hash(password, cost));
  }

  compare(password: string, hash: string) {
    return this.run(() => bcrypt.compare(password, hash));
  }

  async close() {}
}

// server.ts installs the worker pool; Next's bundled route handlers use it.
const holder = processSingleton<{ hasher?: PasswordHasher }>("hasher", () => ({}));

export function setPasswordHasher(hasher: PasswordHasher | undefined): void {
  holder.hasher = hasher;
}

export function passwordHasher(): PasswordHasher {
  return (holder.hasher ??= new InlineHasher());
}
