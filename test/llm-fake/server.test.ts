import { afterEach, describe, expect, it } from "vitest";
import { defaultScript } from "./default-script";
import { closedUrl, type FakeLlm, startFakeLlm } from "./server";

let fake: FakeLlm | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const post = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${fake!.url}/chat/completions`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

const bending = { model: "fake-model", messages: [{ role: "user", content: "bending of b 300 D 450" }] };

describe("the fake model speaks OpenAI's chat-completions format", () => {
  it("streams SSE chunks: role first, tool call arguments split across chunks, finish_reason, usage when asked, then [DONE]", async () => {
    fake = await startFakeLlm(defaultScript());
    const response = await post({ ...bending, stream: true, stream_options: { include_usage: true } });
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const events = (await response.text()).split("\n\n").filter(Boolean);
    expect(events.every((e) => e.startsWith("data: "))).toBe(true);
    expect(events.at(-1)).toBe("data: [DONE]");
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.slice(6)));
    expect(chunks[0]).toMatchObject({
      object: "chat.completion.chunk",
      model: "fake-model",
      choices: [{ index: 0, delta: { role: "assistant" }, finish_reason: null }],
    });
    const deltas = chunks.flatMap((c) => c.choices.flatMap((ch: { delta: { tool_calls?: unknown[] } }) => ch.delta.tool_calls ?? []));
    expect(deltas[0]).toMatchObject({ index: 0, id: expect.stringMatching(/^call_/), type: "function", function: { name: "concreteBending", arguments: "" } });
    expect(deltas.length).toBeGreaterThanOrEqual(3);
    const args = deltas.map((d: { function: { arguments: string } }) => d.function.arguments).join("");
    expect(JSON.parse(args)).toMatchObject({ b: 300, D: 450 });
    expect(chunks.at(-2).choices[0].finish_reason).toBe("tool_calls");
    expect(chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number), total_tokens: expect.any(Number) },
    });
    expect(fake.requests[0]!.body.messages[0]).toEqual({ role: "user", content: "bending of b 300 D 450" });
  });

  it("answers without stream as one chat.completion", async () => {
    fake = await startFakeLlm(defaultScript());
    const body = await (await post(bending)).json();
    expect(body).toMatchObject({
      object: "chat.completion",
      choices: [
        {
          message: { role: "assistant", content: null, tool_calls: [{ type: "function", function: { name: "concreteBending" } }] },
          finish_reason: "tool_calls",
        },
      ],
      usage: { total_tokens: expect.any(Number) },
    });
  });

  it("refuses a wrong key with OpenAI's 401 error body, and unknown paths with 404", async () => {
    fake = await startFakeLlm(defaultScript({ apiKey: "sk-right" }));
    const response = await post(bending, { authorization: "Bearer sk-wrong" });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { message: "Incorrect API key provided.", type: "invalid_request_error", param: null, code: "invalid_api_key" },
    });
    expect((await post(bending, { authorization: "Bearer sk-right" })).status).toBe(200);
    expect((await fetch(`${fake.url}/completions`, { method: "POST", body: "{}" })).status).toBe(404);
  });

  it("has a 'down' address where the connection is refused", async () => {
    const url = await closedUrl();
    await expect(fetch(`${url}/chat/completions`, { method: "POST", body: "{}" })).rejects.toThrow();
  });
});
