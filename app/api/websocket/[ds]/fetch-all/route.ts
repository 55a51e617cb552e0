import { datasetFromParam } from "@/lib/datasets/service";
import { route } from "@/lib/http/route";
import { revitEndpoints } from "@/lib/revit/endpoints";
import { pushTable } from "@/lib/revit/service";

/** The spec's push of a whole table, on the caller's current project. */
export const POST = route(revitEndpoints.pushAll, ({ params, auth, access }) => pushTable(auth.user.id, access, datasetFromParam(params.ds)));
