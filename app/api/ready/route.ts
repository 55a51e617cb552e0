import { databaseState, LATEST_MIGRATION } from "@/db/queries/health";
import { route } from "@/lib/http/route";
import { getRelay } from "@/lib/relay/registry";

/**
 * Readiness, for load balancers and orchestrators: the database answers and
 * has every migration of this build, and the Revit relay is listening.
 * 503 while starting or shutting down, so traffic goes elsewhere.
 */
export const GET = route({ auth: false }, async () => {
  const database = await databaseState();
  const relay = getRelay();
  const relayListening = relay !== undefined && !relay.isClosing;
  const ready = database.reachable && database.migrated && relayListening;
  const checks = {
    database: database.reachable ? "ok" : "unreachable",
    migrations: database.migrated ? `current (${LATEST_MIGRATION.tag})` : "missing",
    relay: relayListening ? "listening" : "not listening",
  };
  return Response.json(ready ? { status: "ready", checks } : { status: "not ready", error: "Not ready to serve traffic.", checks }, { status: ready ? 200 : 503 });
});
