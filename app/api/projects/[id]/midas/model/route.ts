import { route } from "@/lib/http/route";
import { midasEndpoints } from "@/lib/midas/endpoints";
import { projectModelCheck } from "@/lib/midas/runs";

export const GET = route(midasEndpoints.model, ({ access }) => projectModelCheck(access.id));
