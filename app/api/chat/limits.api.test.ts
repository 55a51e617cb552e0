import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnv } from "@/lib/env";
import { useTestDatabase } from "@/test/database";
import { expectJson, type TestClient } from "@/test/http";
import { defaultScript } from "@/test/llm-fake/default-script";
import { type FakeLlm, startFakeLlm } from "@/test/llm-fake/server";
import { readChunks } from "@/test/llm-fake/ui-stream";
import { signedInClient } from "@/test/session";
import * as chat from "./route";

// Set before the first chat request builds this database's limiter.
process.env.CHAT_MESSAGES_PER_MINUTE = "3";
resetEnv();

useTestDatabase();
let fake: FakeLlm;

beforeAll(async () => {
  fake = await startFakeLlm(defaultScript());
  process.env.LLM_BASE_URL = fake.url;
  process.env.LLM_MODEL = "fake-model";
  resetEnv();
});

afterAll(async () => {
  delete process.env.LLM_BASE_URL;
  delete process.env.LLM_MODEL;
  delete process.env.CHAT_MESSAGES_PER_MINUTE;
  resetEnv();
  await fake.close();
});

let n = 0;
const ask = (client: TestClient) =>
  client.post(chat.POST, "/api/chat", { body: { id: `c${++n}`, messages: [{ id: `m${n}`, role: "user", parts: [{ type: "text", text: "hello" }] }] } });

describe("the chat's rate limit (CHAT_MESSAGES_PER_MINUTE)", () => {
  it("refuses a user's message past the limit with 429, a sentence and Retry-After, before the model is called; other users go on", async () => {
    const busy = await signedInClient("busy");
    for (let i = 0; i < 3; i++) {
      const response = await ask(busy.client);
      expect(response.status).toBe(200);
      await readChunks(response);
    }
    const calls = fake.requests.length;
    const refused = await ask(busy.client);
    const body = await expectJson<{ error: string }>(refused, 429);
    expect(body.error).toMatch(/^You have sent the assistant 3 messages in the last minute, its limit\. Try again in 1 minute\.$/);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(fake.requests).toHaveLength(calls);

    const other = await signedInClient("other");
    const response = await ask(other.client);
    expect(response.status).toBe(200);
    await readChunks(response);
  });
});
