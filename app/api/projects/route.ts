import { route } from "@/lib/http/route";
import { projectsEndpoints } from "@/lib/projects/endpoints";
import { createProject, listProjects } from "@/lib/projects/service";

export const GET = route(projectsEndpoints.list, async ({ auth }) => ({ projects: await listProjects(auth.user.id) }));

export const POST = route(projectsEndpoints.create, async ({ auth, body }) => ({ project: await createProject(auth.user.id, body) }));
