import { personName } from "@/lib/auth/session";
import { liveEventsQuery, tableParams } from "@/lib/datasets/schemas";
import { tableOf } from "@/lib/datasets/service";
import { DomainError } from "@/lib/errors";
import { ApiError, route } from "@/lib/http/route";
import { getLiveTables, type LiveEvent } from "@/lib/live/hub";

const KEEP_ALIVE_MS = 25_000;

/** Server-sent events of one table: saves by anyone (`rows`) and who has it open (`presence`). */
export const GET = route({ params: tableParams, project: { from: "param", need: "read" } }, async ({ params, project, auth, request }) => {
  const live = getLiveTables();
  if (!live) throw new ApiError(503, "Live tables are not running on this server.");
  const query = liveEventsQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw new DomainError("invalid", "Invalid query: client is the tab's id (letters, digits and -).");
  const table = tableOf(project, params.ds);
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const write = (chunk: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(chunk));
        } catch {
          cleanup();
        }
      };
      const send = (event: LiveEvent) => write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      const viewer = { client: query.data.client, userId: auth.user.id, name: personName(auth.user) };
      const unsubscribe = live.subscribe(table.projectId, table.dataset, viewer, send, () => cleanup());
      const keepAlive = setInterval(() => write(": keep-alive\n\n"), KEEP_ALIVE_MS);
      cleanup = () => {
        if (!open) return;
        open = false;
        clearInterval(keepAlive);
        unsubscribe();
        try {
          controller.close();
        } catch {
          /* already closed */
        }
      };
      request.signal.addEventListener("abort", () => cleanup());
      write("retry: 3000\n\n");
      send({ type: "presence", viewers: live.viewers(table.projectId, table.dataset) });
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no" },
  });
});
