import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";
import type { projectsApi } from "@/lib/projects/api";
import { changeMemberSchema, memberParams } from "@/lib/projects/schemas";
import { changeRole, removeMember } from "@/lib/projects/service";

export const PATCH = route({ params: memberParams, body: changeMemberSchema }, async ({ auth, params, body }) =>
  Response.json({ member: await changeRole(auth.user.id, params.id, params.userId, body.role) } satisfies ResponseOf<typeof projectsApi.changeMember>),
);

export const DELETE = route({ params: memberParams }, async ({ auth, params }) => {
  await removeMember(auth.user.id, params.id, params.userId);
  return Response.json({ ok: true } satisfies ResponseOf<typeof projectsApi.removeMember>);
});
