import { route } from "@/lib/http/route";
import { midasEndpoints } from "@/lib/midas/endpoints";
import { projectRun } from "@/lib/midas/runs";

export const GET = route(midasEndpoints.run, ({ access, params }) => projectRun(access.id, params.runId));
