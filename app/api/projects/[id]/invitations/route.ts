import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";
import type { projectsApi } from "@/lib/projects/api";
import { projectInvitations } from "@/lib/projects/invitations";
import { projectParams } from "@/lib/projects/schemas";

export const GET = route({ params: projectParams }, async ({ auth, params }) =>
  Response.json({ invitations: await projectInvitations(auth.user.id, params.id) } satisfies ResponseOf<typeof projectsApi.projectInvitations>),
);
