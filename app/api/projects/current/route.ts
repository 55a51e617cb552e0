import { route } from "@/lib/http/route";
import { projectsEndpoints } from "@/lib/projects/endpoints";
import { current, makeCurrent } from "@/lib/projects/service";

export const GET = route(projectsEndpoints.current, async ({ auth }) => ({ project: await current(auth.user.id) }));

export const PUT = route(projectsEndpoints.setCurrent, async ({ auth, body }) => ({ project: await makeCurrent(auth.user.id, body.projectId) }));
