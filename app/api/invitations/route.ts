import { route } from "@/lib/http/route";
import { projectsEndpoints } from "@/lib/projects/endpoints";
import { myInvitations } from "@/lib/projects/invitations";

export const GET = route(projectsEndpoints.myInvitations, async ({ auth }) => ({ invitations: await myInvitations(auth.user) }));
