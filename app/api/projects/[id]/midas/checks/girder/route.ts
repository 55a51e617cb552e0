import { route } from "@/lib/http/route";
import { projectGirderCheck } from "@/lib/midas/analysis";
import { midasEndpoints } from "@/lib/midas/endpoints";

/** The girder design check of an ultimate combination on the stored results: viewers may read it too. */
export const GET = route(midasEndpoints.girderCheck, ({ query, access }) =>
  projectGirderCheck(access, { combination: query.combination, standard: query.standard }),
);
