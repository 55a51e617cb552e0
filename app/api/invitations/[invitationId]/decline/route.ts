import { route } from "@/lib/http/route";
import { projectsEndpoints } from "@/lib/projects/endpoints";
import { decline } from "@/lib/projects/invitations";

export const POST = route(projectsEndpoints.declineInvitation, async ({ auth, params }) => {
  await decline(auth.user, params.invitationId);
  return { ok: true as const };
});
