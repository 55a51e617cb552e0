import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";
import type { projectsApi } from "@/lib/projects/api";
import { withdraw } from "@/lib/projects/invitations";
import { projectInvitationParams } from "@/lib/projects/schemas";

export const DELETE = route({ params: projectInvitationParams }, async ({ auth, params }) => {
  await withdraw(auth.user.id, params.id, params.invitationId);
  return Response.json({ ok: true } satisfies ResponseOf<typeof projectsApi.withdrawInvitation>);
});
