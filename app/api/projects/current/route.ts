import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";
import type { projectsApi } from "@/lib/projects/api";
import { setCurrentSchema } from "@/lib/projects/schemas";
import { current, makeCurrent } from "@/lib/projects/service";

export const GET = route({}, async ({ auth }) => Response.json({ project: await current(auth.user.id) } satisfies ResponseOf<typeof projectsApi.current>));

export const PUT = route({ body: setCurrentSchema }, async ({ auth, body }) =>
  Response.json({ project: await makeCurrent(auth.user.id, body.projectId) } satisfies ResponseOf<typeof projectsApi.setCurrent>),
);
