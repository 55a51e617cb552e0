import { personName } from "@/lib/auth/session";
import { liveEventsQuery, tableParams } from "@/lib/datasets/schemas";
import { tableOf } from "@/lib/datasets/service";
import { DomainError } from "@/lib/errors";
import { eventStream } from "@/lib/http/event-stream";
import { ApiError, route } from "@/lib/http/route";
import { getLiveTables } from "@/lib/live/hub";

/**
 * Server-sent events of one table (lib/live/events.ts): who has it open (`presence`, then `presence-change`),
 * saves by anyone (`rows`), and a last `revoked` when the user's access changes. 429 past a limit of streams.
 */
export const GET = route({ params: tableParams, project: { from: "param", need: "read" } }, async ({ params, project, auth, request }) => {
  const live = getLiveTables();
  if (!live) throw new ApiError(503, "Live tables are not running on this server.");
  const query = liveEventsQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw new DomainError("invalid", "Invalid query: client is the tab's id (letters, digits and -).");
  const table = tableOf(project, params.ds);
  const joining = { client: query.data.client, userId: auth.user.id, name: personName(auth.user), role: project.role };
  return eventStream(request, (send, close) => live.subscribe(table.projectId, table.dataset, joining, (event) => send(event.type, event), close));
});
