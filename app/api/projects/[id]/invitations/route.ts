import { route } from "@/lib/http/route";
import { projectsEndpoints } from "@/lib/projects/endpoints";
import { projectInvitations } from "@/lib/projects/invitations";

export const GET = route(projectsEndpoints.projectInvitations, async ({ auth, params }) => ({
  invitations: await projectInvitations(auth.user.id, params.id),
}));
