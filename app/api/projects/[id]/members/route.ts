import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";
import type { projectsApi } from "@/lib/projects/api";
import { invite } from "@/lib/projects/invitations";
import { inviteSchema, projectParams } from "@/lib/projects/schemas";
import { members } from "@/lib/projects/service";

export const GET = route({ params: projectParams }, async ({ auth, params }) =>
  Response.json({ members: await members(auth.user.id, params.id) } satisfies ResponseOf<typeof projectsApi.members>),
);

/** Adding a member invites them: they become one when they accept. */
export const POST = route({ params: projectParams, body: inviteSchema }, async ({ auth, params, body }) =>
  Response.json({ invitation: await invite(auth.user.id, params.id, body) } satisfies ResponseOf<typeof projectsApi.invite>, { status: 201 }),
);
