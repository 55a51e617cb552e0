import { route } from "@/lib/http/route";
import { projectsEndpoints } from "@/lib/projects/endpoints";
import { changeRole, removeMember } from "@/lib/projects/service";

export const PATCH = route(projectsEndpoints.changeMember, async ({ auth, params, body }) => ({
  member: await changeRole(auth.user.id, params.id, params.userId, body.role),
}));

export const DELETE = route(projectsEndpoints.removeMember, async ({ auth, params }) => {
  await removeMember(auth.user.id, params.id, params.userId);
  return { ok: true as const };
});
