import { route } from "@/lib/http/route";
import type { ResponseOf } from "@/lib/http/contract";
import type { projectsApi } from "@/lib/projects/api";
import { createProjectSchema } from "@/lib/projects/schemas";
import { createProject, listProjects } from "@/lib/projects/service";

export const GET = route({}, async ({ auth }) => Response.json({ projects: await listProjects(auth.user.id) } satisfies ResponseOf<typeof projectsApi.list>));

export const POST = route({ body: createProjectSchema }, async ({ auth, body }) =>
  Response.json({ project: await createProject(auth.user.id, body) } satisfies ResponseOf<typeof projectsApi.create>, { status: 201 }),
);
