import { datasetFromParam } from "@/lib/datasets/service";
import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";
import { projectParams } from "@/lib/projects/schemas";
import type { relayApi } from "@/lib/relay/api";
import { pushRequestSchema } from "@/lib/relay/schemas";
import { previewPush } from "@/lib/relay/service";

/** What a push would change in Revit, before it is made (editors and owners, like the push itself). */
export const POST = route({ params: projectParams, project: { from: "param", need: "write" }, body: pushRequestSchema }, async ({ auth, project, body }) =>
  Response.json((await previewPush(auth.user.id, project, datasetFromParam(body.dataset), body.parameter)) satisfies ResponseOf<typeof relayApi.preview>),
);
