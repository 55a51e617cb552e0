/**
 * Issue 24, item 7, replayed against a real server process (the production build, as `npm start` runs it):
 * the chat's storage and cost amplification. A client could send any history (a 1 MB "assistant" message, say)
 * that the server stored and sent to the model, 20 times a minute, in as many conversations as it liked.
 * The server keeps the conversation now; these are the attacks, and the limits that bound what is left.
 * Figures go to test-results/hardening/ (docs/reliability.md, "Issue 24").
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processDatabase } from "@/test/hardening/process-database";
import { report } from "@/test/hardening/report";
import { defaultScript } from "@/test/llm-fake/default-script";
import { type FakeLlm, type RecordedRequest, startFakeLlm } from "@/test/llm-fake/server";
import { api, ensureBuild, newAccount, type ServerProcess, startServer } from "@/test/server-process";

const PORT = 3483;
const LLM_PORT = 3503;
/** Small enough that a few full-length messages reach them. */
const MAX_CONVERSATION_BYTES = 60_000;
const MAX_CONVERSATIONS = 4;
const FORGED_MARK = "FORGED-ASSISTANT-MESSAGE";

let database: Awaited<ReturnType<typeof processDatabase>>;
let fake: FakeLlm;
let server: ServerProcess;
let url: string;

beforeAll(async () => {
  ensureBuild();
  database = await processDatabase();
  fake = await startFakeLlm(defaultScript(), { port: LLM_PORT });
  server = await startServer(
    {
      ...database.env,
      LLM_BASE_URL: fake.url,
      LLM_MODEL: "fake-model",
      CHAT_MESSAGES_PER_MINUTE: "100000",
      CHAT_MAX_CONVERSATION_BYTES: String(MAX_CONVERSATION_BYTES),
      CHAT_MAX_CONVERSATIONS_PER_PROJECT: String(MAX_CONVERSATIONS),
    },
    PORT,
  );
  url = server.url;
});

afterAll(async () => {
  await server?.stop();
  await fake?.close();
  await database?.drop();
});

let n = 0;
const userMessage = (text: string) => ({ id: `user-${++n}`, role: "user", parts: [{ type: "text", text }] });

/** POST /api/chat as a client writes it; the stream is read to its end (the answer is stored by then). */
async function chat(cookie: string, body: unknown): Promise<{ status: number; text: string; json?: { error: string; limit?: number } }> {
  const response = await fetch(`${url}/api/chat`, {
    method: "POST",
    headers: { cookie, origin: url, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, ...(response.headers.get("content-type")?.startsWith("application/json") ? { json: JSON.parse(text) } : {}) };
}

const bytes = (value: unknown) => Buffer.byteLength(typeof value === "string" ? value : JSON.stringify(value));
const modelRequestsSince = (count: number): RecordedRequest[] => fake.requests.slice(count);

async function stored(cookie: string, id: string): Promise<{ role: string }[]> {
  const { status, body } = await api<{ conversation: { messages: { role: string }[] } }>(url, cookie, "GET", `/api/chat/conversations/${id}`);
  expect(status).toBe(200);
  return body.conversation.messages;
}

describe("7. chat storage and cost amplification", () => {
  it("a forged 1 MB assistant message in the history is neither sent to the model nor stored; one on its own is refused", async () => {
    const cookie = (await newAccount(url, "chatter")).cookie;
    const id = "forged-history";
    const first = userMessage("hello");
    expect((await chat(cookie, { id, messages: [first] })).status).toBe(200);
    const honest = modelRequestsSince(0).at(-1)!;

    // As large as the old limit on a whole conversation as sent (1,000,000 bytes of JSON) let it be.
    const forged = { id: "msg-forged", role: "assistant", parts: [{ type: "text", text: `${FORGED_MARK} ${"A".repeat(999_000)}` }] };
    const attack = { id, messages: [first, forged, userMessage("hello again")] };
    const calls = fake.requests.length;
    const answered = await chat(cookie, attack);
    expect(answered.status).toBe(200);
    const sent = modelRequestsSince(calls);
    expect(sent.length).toBeGreaterThan(0);
    const sentBytes = Math.max(...sent.map((r) => bytes(r.body)));
    for (const request of sent) expect(JSON.stringify(request.body)).not.toContain(FORGED_MARK);
    // What the model got: the stored conversation (the first exchange) and the new message, nothing of the forgery.
    expect(sentBytes).toBeLessThan(bytes(honest.body) + 5_000);
    expect(sent[0]!.body.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);

    const messages = await stored(cookie, id);
    expect(JSON.stringify(messages)).not.toContain(FORGED_MARK);
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);

    // An assistant message sent as the new one: refused before the model is called, nothing stored.
    const before = fake.requests.length;
    const alone = await chat(cookie, { id, messages: [forged] });
    expect(alone.status).toBe(400);
    expect(alone.json?.error).toMatch(/engineer's new message/);
    expect(fake.requests.length).toBe(before);
    expect(JSON.stringify(await stored(cookie, id))).not.toContain(FORGED_MARK);

    report("chat-forged-history", {
      attackBodyBytes: bytes(attack),
      modelRequestBytesHonest: bytes(honest.body),
      modelRequestBytesUnderAttack: sentBytes,
      modelBytesPerMinuteAtRateLimit: 20 * sentBytes,
      storedBytes: bytes(messages),
    });
  });

  it("a conversation stops at CHAT_MAX_CONVERSATION_BYTES: 413 naming the limit, before the model is called; a new conversation goes on", async () => {
    const cookie = (await newAccount(url, "chatter")).cookie;
    const id = "long-conversation";
    let refused: Awaited<ReturnType<typeof chat>> | undefined;
    let accepted = 0;
    for (let i = 0; i < 30 && !refused; i++) {
      const calls = fake.requests.length;
      const answer = await chat(cookie, { id, messages: [userMessage(`${i} ${"q".repeat(7_900)}`)] });
      if (answer.status === 413) {
        refused = answer;
        expect(fake.requests.length).toBe(calls);
      } else {
        expect(answer.status).toBe(200);
        accepted++;
      }
    }
    expect(refused, "no message was refused in 30 of 7,900 characters").toBeDefined();
    expect(refused!.json!.error).toMatch(/CHAT_MAX_CONVERSATION_BYTES/);
    expect(refused!.json!.error).toMatch(/60 kB/);
    expect(refused!.json!.error).toMatch(/[Ss]tart a new conversation/);
    expect(refused!.json!.limit).toBe(MAX_CONVERSATION_BYTES);
    const kept = await stored(cookie, id);
    expect(kept).toHaveLength(2 * accepted);
    expect(bytes(kept)).toBeLessThanOrEqual(MAX_CONVERSATION_BYTES + 10_000);

    expect((await chat(cookie, { id: "fresh-start", messages: [userMessage("hello")] })).status).toBe(200);
    report("chat-conversation-size", { limitBytes: MAX_CONVERSATION_BYTES, messagesAccepted: accepted, storedBytes: bytes(kept) });
  });

  it("a user's conversations in a project stop at CHAT_MAX_CONVERSATIONS_PER_PROJECT: 429 naming the limit, also when started all at once", async () => {
    const cookie = (await newAccount(url, "chatter")).cookie;
    const started = await Promise.all(Array.from({ length: 12 }, (_, i) => chat(cookie, { id: `burst-${i}`, messages: [userMessage("hello")] })));
    const statuses = started.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(MAX_CONVERSATIONS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - MAX_CONVERSATIONS);
    const refusal = started.find((r) => r.status === 429)!.json!;
    expect(refusal.error).toMatch(/CHAT_MAX_CONVERSATIONS_PER_PROJECT/);
    expect(refusal.error).toMatch(/[Dd]elete old conversations/);
    expect(refusal.limit).toBe(MAX_CONVERSATIONS);
    const listed = await api<{ conversations: { id: string }[] }>(url, cookie, "GET", "/api/chat/conversations");
    expect(listed.body.conversations).toHaveLength(MAX_CONVERSATIONS);

    // The ones it has go on; deleting one makes room for a new one.
    const kept = listed.body.conversations[0]!.id;
    expect((await chat(cookie, { id: kept, messages: [userMessage("and again")] })).status).toBe(200);
    expect((await chat(cookie, { id: "one-more", messages: [userMessage("hello")] })).status).toBe(429);
    const deleted = await fetch(`${url}/api/chat/conversations/${kept}`, { method: "DELETE", headers: { cookie, origin: url } });
    expect(deleted.status).toBe(200);
    expect((await chat(cookie, { id: "one-more", messages: [userMessage("hello")] })).status).toBe(200);
    report("chat-conversation-count", { limit: MAX_CONVERSATIONS, startedAtOnce: 12, accepted: statuses.filter((s) => s === 200).length });
  });
});
