import { countConnections } from "@/db/queries/revit";
import { ApiError, route } from "@/lib/http/route";
import { getRelay } from "@/lib/relay/registry";

const KEEP_ALIVE_MS = 25_000;

/**
 * Server-sent events for the signed-in user's browsers: how many add-ins are
 * connected (`connections`), and every change of a push's state (`push`).
 */
export const GET = route({}, async ({ auth, request }) => {
  const relay = getRelay();
  if (!relay) throw new ApiError(503, "The Revit relay is not running on this server.");
  const userId = auth.user.id;
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true;
      const write = (chunk: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(chunk));
        } catch {
          cleanup();
        }
      };
      const send = (event: string, data: unknown) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      const unsubscribe = relay.subscribe(userId, (event) => {
        if (event.type === "connections") send("connections", { count: event.count });
        else if (event.type === "push") send("push", event.push);
        else cleanup();
      });
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
      send("connections", { count: await countConnections(userId) });
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no" },
  });
});
