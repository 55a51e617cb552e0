import { countConnections } from "@/db/queries/revit";
import { eventStream } from "@/lib/http/event-stream";
import { ApiError, route } from "@/lib/http/route";
import { revitEndpoints } from "@/lib/revit/endpoints";
import { getRelay } from "@/lib/revit/registry";

/**
 * Server-sent events for the signed-in user's browsers: how many add-ins are
 * connected (`connections`), and every change of a push's state (`push`).
 */
export const GET = route(revitEndpoints.events, async ({ auth, request }) => {
  const relay = getRelay();
  if (!relay) throw new ApiError(503, "The Revit relay is not running on this server.");
  const userId = auth.user.id;
  return eventStream(request, async (send, close) => {
    const unsubscribe = relay.subscribe(userId, (event) => {
      if (event.type === "connections") send("connections", { count: event.count });
      else if (event.type === "push") send("push", event.push);
      else close();
    });
    send("connections", { count: await countConnections(userId) });
    return unsubscribe;
  });
});
