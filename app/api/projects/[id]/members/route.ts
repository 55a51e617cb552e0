import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";
import type { projectsApi } from "@/lib/projects/api";
import { addMemberSchema, projectParams } from "@/lib/projects/schemas";
import { addMember, members } from "@/lib/projects/service";

export const GET = route({ params: projectParams }, async ({ auth, params }) =>
  Response.json({ members: await members(auth.user.id, params.id) } satisfies ResponseOf<typeof projectsApi.members>),
);

export const POST = route({ params: projectParams, body: addMemberSchema }, async ({ auth, params, body }) =>
  Response.json({ member: await addMember(auth.user.id, params.id, body) } satisfies ResponseOf<typeof projectsApi.addMember>, { status: 201 }),
);
