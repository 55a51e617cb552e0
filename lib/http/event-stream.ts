const KEEP_ALIVE_MS = 25_000;
/**
 * What a stream may hold for a browser that does not read it: past this the
 * stream ends and its connection is dropped (a browser that does read
 * reconnects and is told the state afresh). Far above the largest event, a
 * table's whole presence list (1,000 viewers with the longest names: ~250 KB).
 */
export const MAX_QUEUED_BYTES = 1024 * 1024;

export type SendEvent = (event: string, data: unknown) => void;

const encoder = new TextEncoder();
/** An event sent to many streams (one table's presence change) is serialised once, not once per stream. */
const serialised = new WeakMap<object, string>();

function json(data: unknown): string {
  if (typeof data !== "object" || data === null) return JSON.stringify(data);
  let text = serialised.get(data);
  if (text === undefined) serialised.set(data, (text = JSON.stringify(data)));
  return text;
}

/**
 * A server-sent events answer: `open` subscribes to whatever feeds it (with
 * `send`, and `close` to end the stream from the server's side) and returns
 * its unsubscribe, called once when the browser goes, the server closes it, or
 * the request is aborted. `open` runs before the answer is made: when it
 * throws (a limit reached, say), the route answers that error instead. A
 * comment every 25 s keeps proxies from timing it out.
 */
export function eventStream(request: Request, open: (send: SendEvent, close: () => void) => (() => void) | Promise<() => void>): Response {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let live = true;
  let unsubscribe: (() => void) | undefined;
  let keepAlive: NodeJS.Timeout | undefined;
  /** With a reason, the stream errors: Next drops the connection (and what waits in it); an AbortError is not logged as a failure. */
  const end = (reason?: unknown) => {
    if (!live) return;
    live = false;
    clearInterval(keepAlive);
    request.signal.removeEventListener("abort", onAbort);
    const stop = unsubscribe;
    unsubscribe = undefined;
    stop?.();
    try {
      if (reason === undefined) controller.close();
      else controller.error(reason);
    } catch {
      /* already closed */
    }
  };
  const onAbort = () => end();
  const write = (chunk: string) => {
    if (!live) return;
    try {
      controller.enqueue(encoder.encode(chunk));
    } catch {
      return end();
    }
    if ((controller.desiredSize ?? 0) < -MAX_QUEUED_BYTES) end(new DOMException("The browser stopped reading its event stream.", "AbortError"));
  };
  const stream = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      cancel() {
        end();
      },
    },
    // Counted in bytes, so the bound above is one.
    new ByteLengthQueuingStrategy({ highWaterMark: 16 * 1024 }),
  );
  write("retry: 3000\n\n");
  const stop = open(
    (event, data) => write(`event: ${event}\ndata: ${json(data)}\n\n`),
    () => end(),
  );
  const started = (stop: () => void) => {
    // Gone while opening: nothing to keep subscribed for.
    if (live) unsubscribe = stop;
    else stop();
  };
  if (stop instanceof Promise) stop.then(started, (error: unknown) => end(error));
  else started(stop);
  if (live) {
    keepAlive = setInterval(() => write(": keep-alive\n\n"), KEEP_ALIVE_MS);
    request.signal.addEventListener("abort", onAbort);
    if (request.signal.aborted) end();
  }
  return new Response(stream, {
    headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no" },
  });
}
