import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";
import type { midasApi } from "@/lib/midas/api";
import { projectRuns } from "@/lib/midas/runs";
import { projectParams } from "@/lib/projects/schemas";

export const GET = route({ params: projectParams, project: { from: "param", need: "read" } }, async ({ project }) =>
  Response.json({ runs: await projectRuns(project.id) } satisfies ResponseOf<typeof midasApi.runs>),
);
