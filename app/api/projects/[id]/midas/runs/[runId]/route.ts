import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";
import type { midasApi } from "@/lib/midas/api";
import { projectRun } from "@/lib/midas/runs";
import { runParams } from "@/lib/midas/schemas";

export const GET = route({ params: runParams, project: { from: "param", need: "read" } }, async ({ project, params }) =>
  Response.json((await projectRun(project.id, params.runId)) satisfies ResponseOf<typeof midasApi.run>),
);
