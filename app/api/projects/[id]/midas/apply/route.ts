import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";
import type { midasApi } from "@/lib/midas/api";
import { applyProject } from "@/lib/midas/runs";
import { projectParams } from "@/lib/projects/schemas";

export const POST = route({ params: projectParams, project: { from: "param", need: "write" } }, async ({ auth, project }) =>
  Response.json((await applyProject(auth.user.id, project)) satisfies ResponseOf<typeof midasApi.apply>),
);
