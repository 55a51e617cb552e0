import { route } from "@/lib/http/route";
import { projectsEndpoints } from "@/lib/projects/endpoints";
import { withdraw } from "@/lib/projects/invitations";

export const DELETE = route(projectsEndpoints.withdrawInvitation, async ({ auth, params }) => {
  await withdraw(auth.user.id, params.id, params.invitationId);
  return { ok: true as const };
});
