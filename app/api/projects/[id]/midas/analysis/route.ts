import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";
import { runProjectAnalysis } from "@/lib/midas/analysis";
import type { midasApi } from "@/lib/midas/api";
import { projectParams } from "@/lib/projects/schemas";

export const POST = route({ params: projectParams, project: { from: "param", need: "write" } }, async ({ auth, project }) =>
  Response.json((await runProjectAnalysis(auth.user.id, project)) satisfies ResponseOf<typeof midasApi.analysis>),
);
