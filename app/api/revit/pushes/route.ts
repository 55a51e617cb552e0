import { recentPushes } from "@/db/queries/revit";
import { route } from "@/lib/http/route";
import { summarisePush } from "@/lib/relay/summary";

export const GET = route({}, async ({ auth }) => Response.json({ pushes: (await recentPushes(auth.user.id)).map(summarisePush) }));
