/** Server-sent events as a client reads them, for tests and benchmarks. */
export type ServerSentEvent = { event: string; data: unknown };

/**
 * The events of a streamed answer, in order, until it ends (or the reader fails: a stream cut off ends here too).
 * A block without both an `event:` and a `data:` line (a comment, a heartbeat) is skipped.
 */
export async function* serverSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data !== undefined) yield { event, data: JSON.parse(data) as unknown };
      }
    }
  } finally {
    // Leaving early (a test that has seen what it waited for) cancels the stream.
    await reader.cancel().catch(() => {});
  }
}
