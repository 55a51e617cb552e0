const KEEP_ALIVE_MS = 25_000;

export type SendEvent = (event: string, data: unknown) => void;

/**
 * A server-sent events answer: `open` subscribes to whatever feeds it (with
 * `send`, and `close` to end the stream from the server's side) and returns
 * its unsubscribe, called once when the browser goes, the server closes it, or
 * the request is aborted. A comment every 25 s keeps proxies from timing it out.
 */
export function eventStream(request: Request, open: (send: SendEvent, close: () => void) => (() => void) | Promise<() => void>): Response {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let live = true;
      let unsubscribe: (() => void) | undefined;
      const write = (chunk: string) => {
        if (!live) return;
        try {
          controller.enqueue(encoder.encode(chunk));
        } catch {
          cleanup();
        }
      };
      const keepAlive = setInterval(() => write(": keep-alive\n\n"), KEEP_ALIVE_MS);
      cleanup = () => {
        if (!live) return;
        live = false;
        clearInterval(keepAlive);
        unsubscribe?.();
        try {
          controller.close();
        } catch {
          /* already closed */
        }
      };
      request.signal.addEventListener("abort", () => cleanup());
      write("retry: 3000\n\n");
      const stop = await open(
        (event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
        () => cleanup(),
      );
      // Gone while opening: nothing to keep subscribed for.
      if (live) unsubscribe = stop;
      else stop();
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no" },
  });
}
