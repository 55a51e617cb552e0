import { recentPushes } from "@/db/queries/revit";
import { route } from "@/lib/http/route";
import { revitEndpoints } from "@/lib/revit/endpoints";
import { summarisePush } from "@/lib/revit/summary";

export const GET = route(revitEndpoints.pushes, async ({ auth }) => ({ pushes: (await recentPushes(auth.user.id)).map(summarisePush) }));
