import { route } from "@/lib/http/route";
import { refreshProjectResults } from "@/lib/midas/analysis";
import { midasEndpoints } from "@/lib/midas/endpoints";

/** Reads a kind's results again from MIDAS through the caller's connection: a write, so editors and owners only. */
export const POST = route(midasEndpoints.refreshResults, ({ auth, params, access }) => refreshProjectResults(auth.user.id, access, params.kind));
