import { route } from "@/lib/http/route";
import { midasEndpoints } from "@/lib/midas/endpoints";
import { projectRuns } from "@/lib/midas/runs";

export const GET = route(midasEndpoints.runs, async ({ access }) => ({ runs: await projectRuns(access.id) }));
