import { datasetFromParam } from "@/lib/datasets/service";
import { route } from "@/lib/http/route";
import { relayEndpoints } from "@/lib/relay/endpoints";
import { previewPush } from "@/lib/relay/service";

/** What a push would change in Revit, before it is made (editors and owners, like the push itself). */
export const POST = route(relayEndpoints.preview, ({ auth, access, body }) =>
  previewPush(auth.user.id, access, datasetFromParam(body.dataset), body.parameter),
);
