import { listConnections } from "@/db/queries/revit";
import { route } from "@/lib/http/route";
import { relayEndpoints } from "@/lib/relay/endpoints";

export const GET = route(relayEndpoints.status, async ({ auth }) => ({
  connected: (await listConnections(auth.user.id)).map((c) => ({ ...c, connectedAt: c.connectedAt.toISOString(), lastSeenAt: c.lastSeenAt.toISOString() })),
}));
