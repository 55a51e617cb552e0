/**
 * Issue 16, the limits counted in the database (so every replica shares them):
 * sign-in and registration per client address (item 3) and pushes per user
 * (item 7). A file of its own because the limits are small here, and the
 * limiters read them once per database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as login from "@/app/api/auth/login/route";
import * as register from "@/app/api/auth/register/route";
import * as pushes from "@/app/api/projects/[id]/pushes/route";
import { InlineHasher } from "@/lib/auth/hash-pool";
import { resetEnv } from "@/lib/env";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/route";
import { useTestDatabase } from "@/test/database";
import { expectJson, TestClient } from "@/test/http";
import { useTestRelays } from "@/test/relay";
import { seedRows, signedInClient } from "@/test/session";

const AUTH_LIMIT = 6;
const PUSH_LIMIT = 5;
const saved = { auth: process.env.AUTH_ATTEMPTS_PER_MINUTE, push: process.env.PUSHES_PER_MINUTE };

// Before the database (and so its limiters) exists: the limiters read the limits when first used.
process.env.AUTH_ATTEMPTS_PER_MINUTE = String(AUTH_LIMIT);
process.env.PUSHES_PER_MINUTE = String(PUSH_LIMIT);
resetEnv();

const database = useTestDatabase();
const startRelay = useTestRelays(database);

beforeAll(async () => {
  await startRelay();
});

afterAll(() => {
  process.env.AUTH_ATTEMPTS_PER_MINUTE = saved.auth;
  process.env.PUSHES_PER_MINUTE = saved.push;
  resetEnv();
});

/** server.ts puts the peer's address in this header; here each attacker names its own. */
const from = (address: string) => ({ headers: { [CLIENT_ADDRESS_HEADER]: address } });

describe("3. unauthenticated requests stall everyone", () => {
  it(`sign-in and registration from one address stop at AUTH_ATTEMPTS_PER_MINUTE (${AUTH_LIMIT}) with 429 and Retry-After; other addresses go on`, async () => {
    const attacker = new TestClient();
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_LIMIT + 4; i++) {
      const res =
        i % 2 === 0
          ? await attacker.post(login.POST, "/api/auth/login", {
              body: { email: `nobody-${i}@example.com`, password: "wrong password" },
              ...from("203.0.113.9"),
            })
          : await attacker.post(register.POST, "/api/auth/register", {
              body: { email: `new-${i}@example.com`, password: "long enough password" },
              ...from("203.0.113.9"),
            });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
        expect(((await res.json()) as { error: string }).error).toMatch(/Too many sign-in or registration attempts/);
      }
    }
    console.log(`[security] per-address limit (${database.kind}): ${JSON.stringify(statuses)}`);
    expect(statuses.slice(AUTH_LIMIT)).toEqual(Array(4).fill(429));
    expect(statuses.slice(0, AUTH_LIMIT).every((s) => s === 401 || s === 201)).toBe(true);
    // Someone else, from another address, is not held up by the attacker's count.
    const other = await new TestClient().post(login.POST, "/api/auth/login", {
      body: { email: "someone@example.com", password: "wrong password" },
      ...from("198.51.100.7"),
    });
    await expectJson(other, 401);
  });

  it("more password hashes at once than the cap are refused with 503 and Retry-After, not queued on the event loop", async () => {
    const hasher = new InlineHasher(2);
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => hasher.hash("a password of the attacker", 4)));
    const refused = results
      .filter((r) => r.status === "rejected")
      .map((r) => (r as PromiseRejectedResult).reason as { kind: string; retryAfterSeconds: number });
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(r).toMatchObject({ kind: "unavailable", retryAfterSeconds: 2 });
  });
});

describe("7. pushes are unbounded copies", () => {
  it(`one user's pushes stop at PUSHES_PER_MINUTE (${PUSH_LIMIT}) with 429 and Retry-After`, async () => {
    const { client, projectId } = await signedInClient("fast-pusher");
    await seedRows(projectId, "pier", [{ parameter: "PierHeight", values: { Item1: "12.4" } }]);
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < PUSH_LIMIT + 3; i++) {
      const res = await client.post(pushes.POST, `/api/projects/${projectId}/pushes`, { params: { id: String(projectId) }, body: { dataset: "pier" } });
      statuses.push(res.status);
      if (res.status === 429) retryAfter = res.headers.get("retry-after");
    }
    expect(statuses).toEqual([...Array(PUSH_LIMIT).fill(202), 429, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  });
});
