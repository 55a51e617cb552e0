import { route } from "@/lib/http/route";
import { projectsEndpoints } from "@/lib/projects/endpoints";
import { accept } from "@/lib/projects/invitations";

export const POST = route(projectsEndpoints.acceptInvitation, async ({ auth, params }) => ({ project: await accept(auth.user, params.invitationId) }));
