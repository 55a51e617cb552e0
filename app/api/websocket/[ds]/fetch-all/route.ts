import { datasetFromParam } from "@/lib/datasets/service";
import { route } from "@/lib/http/route";
import { relayEndpoints } from "@/lib/relay/endpoints";
import { pushTable } from "@/lib/relay/service";

/** The spec's push of a whole table, on the caller's current project. */
export const POST = route(relayEndpoints.pushAll, ({ params, auth, access }) => pushTable(auth.user.id, access, datasetFromParam(params.ds)));
