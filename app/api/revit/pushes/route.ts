import { recentPushes } from "@/db/queries/revit";
import { route } from "@/lib/http/route";
import { relayEndpoints } from "@/lib/relay/endpoints";
import { summarisePush } from "@/lib/relay/summary";

export const GET = route(relayEndpoints.pushes, async ({ auth }) => ({ pushes: (await recentPushes(auth.user.id)).map(summarisePush) }));
