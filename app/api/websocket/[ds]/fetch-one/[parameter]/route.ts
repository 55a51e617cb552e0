import { datasetFromParam } from "@/lib/datasets/service";
import { route } from "@/lib/http/route";
import { revitEndpoints } from "@/lib/revit/endpoints";
import { pushRow } from "@/lib/revit/service";

/** The spec's push of one row (by Parameter), on the caller's current project. */
export const POST = route(revitEndpoints.pushOne, ({ params, auth, access }) => pushRow(auth.user.id, access, datasetFromParam(params.ds), params.parameter));
