import { route } from "@/lib/http/route";
import { runProjectAnalysis } from "@/lib/midas/analysis";
import { midasEndpoints } from "@/lib/midas/endpoints";

export const POST = route(midasEndpoints.analysis, ({ auth, access }) => runProjectAnalysis(auth.user.id, access));
