import { datasetFromParam } from "@/lib/datasets/service";
import { route } from "@/lib/http/route";
import { relayEndpoints } from "@/lib/relay/endpoints";
import { pushRow } from "@/lib/relay/service";

/** The spec's push of one row (by Parameter), on the caller's current project. */
export const POST = route(relayEndpoints.pushOne, ({ params, auth, access }) => pushRow(auth.user.id, access, datasetFromParam(params.ds), params.parameter));
