import { route } from "@/lib/http/route";
import { midasEndpoints } from "@/lib/midas/endpoints";
import { applyProject } from "@/lib/midas/runs";

export const POST = route(midasEndpoints.apply, ({ auth, access }) => applyProject(auth.user.id, access));
