import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { hashThreads, restartDelayMs, workerPlan } from "./workers";

const SECRET = "0123456789abcdef0123456789abcdef";
const onPostgres = (workers?: string) => parseEnv({ DATABASE_URL: "postgres://db/pontifex", PONTIFEX_SECRET: SECRET, PONTIFEX_WORKERS: workers });

describe("how many workers npm start runs", () => {
  it("one per core on PostgreSQL, or PONTIFEX_WORKERS", () => {
    expect(workerPlan(onPostgres(), false, 8)).toEqual({ workers: 8, why: "one per core" });
    expect(workerPlan(onPostgres("3"), false, 8)).toEqual({ workers: 3, why: "PONTIFEX_WORKERS" });
  });

  it("one on the embedded database, saying why when more were asked for; one in development", () => {
    expect(workerPlan(parseEnv({ PONTIFEX_WORKERS: "4" }), false, 8)).toEqual({ workers: 1, why: "embedded database: one process (PONTIFEX_WORKERS ignored)" });
    expect(workerPlan(parseEnv({}), false, 8)).toEqual({ workers: 1, why: "embedded database" });
    expect(workerPlan(onPostgres("4"), true, 8).workers).toBe(1);
  });

  it("refuses a count that is not a whole number from 1 to 256, naming the variable", () => {
    for (const bad of ["0", "-1", "2.5", "many", "257"]) expect(() => onPostgres(bad)).toThrow(/^Invalid environment variable PONTIFEX_WORKERS/);
    expect(onPostgres("").PONTIFEX_WORKERS).toBeUndefined();
  });
});

describe("per-worker resources", () => {
  it("shares the password hashing threads out between the workers, at least one each", () => {
    expect(hashThreads(1, 8)).toBe(7);
    expect(hashThreads(8, 8)).toBe(1);
    expect(hashThreads(2, 2)).toBe(1);
    expect(hashThreads(3, 16)).toBe(5);
  });
});

describe("restarting a worker that died", () => {
  it("restarts one that ran a while at once, and one that keeps dying young after 1, 2, 4 ... s, at most 30 s", () => {
    expect(restartDelayMs(60_000, 8_000)).toBe(0);
    const delays: number[] = [];
    let delay = 0;
    for (let i = 0; i < 7; i++) delays.push((delay = restartDelayMs(500, delay)));
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });
});
