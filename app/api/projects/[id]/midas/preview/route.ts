import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";
import type { midasApi } from "@/lib/midas/api";
import { previewProject } from "@/lib/midas/runs";
import { projectParams } from "@/lib/projects/schemas";

// Reading the model writes nothing: viewers may preview too.
export const POST = route({ params: projectParams, project: { from: "param", need: "read" } }, async ({ auth, project }) =>
  Response.json((await previewProject(auth.user.id, project)) satisfies ResponseOf<typeof midasApi.preview>),
);
