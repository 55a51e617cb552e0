import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";
import type { projectsApi } from "@/lib/projects/api";
import { projectParams, renameProjectSchema } from "@/lib/projects/schemas";
import { getProject, remove, rename } from "@/lib/projects/service";

export const GET = route({ params: projectParams }, async ({ auth, params }) =>
  Response.json({ project: await getProject(auth.user.id, params.id) } satisfies ResponseOf<typeof projectsApi.get>),
);

export const PATCH = route({ params: projectParams, body: renameProjectSchema }, async ({ auth, params, body }) =>
  Response.json({ project: await rename(auth.user.id, params.id, body.name) } satisfies ResponseOf<typeof projectsApi.rename>),
);

export const DELETE = route({ params: projectParams }, async ({ auth, params }) => {
  await remove(auth.user.id, params.id);
  return Response.json({ ok: true } satisfies ResponseOf<typeof projectsApi.remove>);
});
