import { listConnections } from "@/db/queries/revit";
import { route } from "@/lib/http/route";

export const GET = route({}, async ({ auth }) => Response.json({ connected: await listConnections(auth.user.id) }));
