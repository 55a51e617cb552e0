import { datasetsEndpoints } from "@/lib/datasets/endpoints";
import { exportTable } from "@/lib/datasets/import-export";
import { tableOf } from "@/lib/datasets/service";
import { downloadResponse } from "@/lib/http/download";
import { route } from "@/lib/http/route";

/** The table as a download: viewers may export too. */
export const GET = route(datasetsEndpoints.exportTable, async ({ params, query, access }) =>
  downloadResponse(await exportTable(tableOf(access, params.ds), access, query.format)),
);
