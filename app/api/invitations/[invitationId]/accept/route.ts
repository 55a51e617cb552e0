import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";
import type { projectsApi } from "@/lib/projects/api";
import { accept } from "@/lib/projects/invitations";
import { invitationParams } from "@/lib/projects/schemas";

export const POST = route({ params: invitationParams }, async ({ auth, params }) =>
  Response.json({ project: await accept(auth.user, params.invitationId) } satisfies ResponseOf<typeof projectsApi.acceptInvitation>),
);
