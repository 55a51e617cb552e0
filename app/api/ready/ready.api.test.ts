import { describe, expect, it } from "vitest";
import { closeConnection, connect, getConnection, setConnection } from "@/db/client";
import { getRelay, setRelay } from "@/lib/revit/registry";
import { useTestDatabase } from "@/test/database";
import { expectJson, TestClient } from "@/test/http";
import { useTestRelays } from "@/test/relay";
import * as health from "../health/route";
import * as ready from "./route";

const startRelay = useTestRelays(useTestDatabase());

describe("GET /api/health and GET /api/ready", () => {
  it("health answers while the process runs; ready once the database is migrated and the relay listens", async () => {
    expect(await expectJson(await new TestClient().get(health.GET, "/api/health"), 200)).toEqual({ status: "ok" });
    setRelay(undefined);
    const noRelay = await expectJson<{ checks: Record<string, string> }>(await new TestClient().get(ready.GET, "/api/ready"), 503);
    expect(noRelay.checks).toMatchObject({ database: "ok", relay: "not listening" });
    await startRelay();
    const body = await expectJson<{ status: string; checks: Record<string, string> }>(await new TestClient().get(ready.GET, "/api/ready"), 200);
    expect(body).toMatchObject({ status: "ready", checks: { database: "ok", migrations: expect.stringMatching(/^current/), relay: "listening" } });
  });

  it("is not ready on a database without migrations, nor while shutting down", async () => {
    const migrated = getConnection();
    const empty = connect({});
    setConnection(empty);
    try {
      const body = await expectJson<{ checks: Record<string, string> }>(await new TestClient().get(ready.GET, "/api/ready"), 503);
      expect(body.checks).toMatchObject({ database: "ok", migrations: "missing" });
    } finally {
      setConnection(migrated);
      await closeConnection(empty);
    }
    const relay = getRelay()!;
    await relay.close();
    const closing = await expectJson<{ checks: Record<string, string> }>(await new TestClient().get(ready.GET, "/api/ready"), 503);
    expect(closing.checks.relay).toBe("not listening");
  });
});
