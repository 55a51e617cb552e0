import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";
import type { projectsApi } from "@/lib/projects/api";
import { decline } from "@/lib/projects/invitations";
import { invitationParams } from "@/lib/projects/schemas";

export const POST = route({ params: invitationParams }, async ({ auth, params }) => {
  await decline(auth.user, params.invitationId);
  return Response.json({ ok: true } satisfies ResponseOf<typeof projectsApi.declineInvitation>);
});
