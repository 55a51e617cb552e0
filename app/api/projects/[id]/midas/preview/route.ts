import { route } from "@/lib/http/route";
import { midasEndpoints } from "@/lib/midas/endpoints";
import { previewProject } from "@/lib/midas/runs";

export const POST = route(midasEndpoints.preview, ({ auth, access }) => previewProject(auth.user.id, access));
