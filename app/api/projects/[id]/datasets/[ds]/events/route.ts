import { personName } from "@/lib/auth/session";
import { datasetsEndpoints } from "@/lib/datasets/endpoints";
import { tableOf } from "@/lib/datasets/service";
import { eventStream } from "@/lib/http/event-stream";
import { ApiError, route } from "@/lib/http/route";
import { getLiveTables } from "@/lib/live/hub";

/**
 * Server-sent events of one table (lib/live/events.ts): who has it open (`presence`, then `presence-change`),
 * saves by anyone (`rows`), and a last `revoked` when the user's access changes. 429 past a limit of streams.
 */
export const GET = route(datasetsEndpoints.events, async ({ params, query, access, auth, request }) => {
  const live = getLiveTables();
  if (!live) throw new ApiError(503, "Live tables are not running on this server.");
  const table = tableOf(access, params.ds);
  const joining = { client: query.client, userId: auth.user.id, name: personName(auth.user), role: access.role };
  return eventStream(request, (send, close) => live.subscribe(table.projectId, table.dataset, joining, (event) => send(event.type, event), close));
});
