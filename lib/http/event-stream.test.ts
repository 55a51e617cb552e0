import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
import { eventStream, MAX_QUEUED_BYTES } from "./event-stream";

describe("server-sent events answer", () => {
  it("a refusal while opening (a limit) is thrown before any answer is made, so the route answers it", () => {
    expect(() =>
      eventStream(new Request("http://localhost/events"), () => {
        throw new DomainError("rate-limited", "too many");
      }),
    ).toThrow("too many");
  });

  it("unsubscribes once when the browser goes, and once when the server ends it", async () => {
    const controller = new AbortController();
    let stops = 0;
    const response = eventStream(new Request("http://localhost/events", { signal: controller.signal }), () => () => stops++);
    controller.abort();
    controller.abort();
    expect(stops).toBe(1);
    await response.body!.cancel();
    expect(stops).toBe(1);

    let close = () => {};
    const ended = eventStream(new Request("http://localhost/events"), (_send, end) => {
      close = end;
      return () => stops++;
    });
    close();
    close();
    expect(stops).toBe(2);
    expect(await new Response(ended.body).text()).toBe("retry: 3000\n\n");
  });

  it("sends events as `event:` and `data:` lines, one event object serialised once for many streams", async () => {
    const shared = { type: "presence-change", changed: [], left: [] };
    let serialised = 0;
    const counted = { toJSON: () => (serialised++, shared) };
    const answers = [0, 1, 2].map(() => {
      let close = () => {};
      const response = eventStream(new Request("http://localhost/events"), (send, end) => {
        send("presence-change", counted);
        close = end;
        return () => {};
      });
      close();
      return response;
    });
    for (const answer of answers)
      expect(await new Response(answer.body).text()).toBe(`retry: 3000\n\nevent: presence-change\ndata: ${JSON.stringify(shared)}\n\n`);
    expect(serialised).toBe(1);
  });

  it("a browser that stops reading: past MAX_QUEUED_BYTES waiting, the stream ends and lets go of its subscription", async () => {
    let stops = 0;
    let send: (event: string, data: unknown) => void = () => {};
    const response = eventStream(new Request("http://localhost/events"), (s) => {
      send = s;
      return () => stops++;
    });
    const chunk = "x".repeat(64 * 1024);
    for (let i = 0; i < (MAX_QUEUED_BYTES / chunk.length) * 2 && stops === 0; i++) send("rows", chunk);
    expect(stops).toBe(1);
    await expect(new Response(response.body).text()).rejects.toThrow(/stopped reading/);
  });
});
