import { getConnection, poolState } from "@/db/client";
import { databaseState, LATEST_MIGRATION } from "@/db/queries/health";
import { answer, route } from "@/lib/http/route";
import { opsEndpoints } from "@/lib/ops/endpoints";
import { getRelay } from "@/lib/revit/registry";

/**
 * Readiness, for load balancers and orchestrators: the database answers and
 * has every migration of this build, its connection pool is not starved, and
 * the Revit relay is listening. 503 while starting or shutting down, so
 * traffic goes elsewhere.
 */
export const GET = route(opsEndpoints.ready, async () => {
  const pool = poolState(getConnection());
  // Every connection busy and requests queueing for one: asking the database too would only queue behind them.
  const starved = pool !== undefined && pool.waiting > 0 && pool.idle === 0 && pool.total >= pool.max;
  const database = starved ? { reachable: true, migrated: true } : await databaseState();
  const relay = getRelay();
  const relayListening = relay !== undefined && !relay.isClosing;
  const ready = !starved && database.reachable && database.migrated && relayListening;
  const checks = {
    database: database.reachable ? "ok" : "unreachable",
    pool:
      pool === undefined
        ? "embedded"
        : starved
          ? `starved (${pool.waiting} waiting for ${pool.max} busy connections)`
          : `ok (${pool.total - pool.idle}/${pool.max} busy)`,
    migrations: database.migrated ? `current (${LATEST_MIGRATION.tag})` : "missing",
    relay: relayListening ? "listening" : "not listening",
  };
  return ready ? { status: "ready", checks } : answer({ status: "not ready", error: "Not ready to serve traffic.", checks }, { status: 503 });
});
