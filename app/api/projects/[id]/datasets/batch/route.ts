import { datasetsEndpoints } from "@/lib/datasets/endpoints";
import { writeRows } from "@/lib/datasets/service";
import { route } from "@/lib/http/route";

export const POST = route(datasetsEndpoints.writeRows, async ({ access, body, auth }) => writeRows(access.id, body.tables, { userId: auth.user.id }));
