import { listConnections } from "@/db/queries/revit";
import { route } from "@/lib/http/route";
import { revitEndpoints } from "@/lib/revit/endpoints";

export const GET = route(revitEndpoints.status, async ({ auth }) => ({
  connected: (await listConnections(auth.user.id)).map((c) => ({ ...c, connectedAt: c.connectedAt.toISOString(), lastSeenAt: c.lastSeenAt.toISOString() })),
}));
