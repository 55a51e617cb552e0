import { datasetFromParam } from "@/lib/datasets/service";
import { route } from "@/lib/http/route";
import { revitEndpoints } from "@/lib/revit/endpoints";
import { previewPush } from "@/lib/revit/service";

/** What a push would change in Revit, before it is made (editors and owners, like the push itself). */
export const POST = route(revitEndpoints.preview, ({ auth, access, body }) =>
  previewPush(auth.user.id, access, datasetFromParam(body.dataset), body.parameter),
);
