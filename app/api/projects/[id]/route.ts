import { route } from "@/lib/http/route";
import { projectsEndpoints } from "@/lib/projects/endpoints";
import { getProject, remove, rename } from "@/lib/projects/service";

export const GET = route(projectsEndpoints.get, async ({ auth, params }) => ({ project: await getProject(auth.user.id, params.id) }));

export const PATCH = route(projectsEndpoints.rename, async ({ auth, params, body }) => ({ project: await rename(auth.user.id, params.id, body.name) }));

export const DELETE = route(projectsEndpoints.remove, async ({ auth, params }) => {
  await remove(auth.user.id, params.id);
  return { ok: true as const };
});
