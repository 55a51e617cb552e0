import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A scripted OpenAI-compatible chat-completions server for tests and local
 * trials: real HTTP on loopback, POST /v1/chat/completions answered in
 * OpenAI's exact wire format (SSE chunks with tool_calls deltas split across
 * chunks, a usage chunk when asked for, [DONE]; or one JSON completion), by
 * the first turn of the script whose `when` matches the request.
 */

export type ChatMessage = {
  role: "system" | "user" | "assistant" | "tool";
  content?: string | null | { type: string; text?: string }[];
  tool_calls?: { id: string; type: "function"; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
};

export type ChatRequestBody = {
  model: string;
  messages: ChatMessage[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  tools?: { type: "function"; function: { name: string; description?: string; parameters?: unknown } }[];
  tool_choice?: unknown;
  [key: string]: unknown;
};

export type RecordedRequest = { path: string; headers: Record<string, string | string[] | undefined>; body: ChatRequestBody };

export type ToolCallSpec = { name: string; args: unknown };

export type FakeReply =
  /** Text, streamed in pieces of `chunkSize` characters. */
  | { text: string; chunkSize?: number; delayMs?: number }
  /** Tool calls (the arguments streamed in several pieces), with optional text before them. */
  | { toolCalls: ToolCallSpec[]; text?: string; delayMs?: number }
  /** An HTTP error answer, in OpenAI's error format. */
  | { status: number; message?: string }
  /** A first good chunk, then a chunk that is not JSON. */
  | { malformed: true };

export type FakeTurn = {
  /** A name for failure messages and for `served`. */
  name: string;
  when: (request: ChatRequestBody) => boolean;
  reply: FakeReply | ((request: ChatRequestBody) => FakeReply);
};

export type FakeScript = {
  turns: FakeTurn[];
  /** When no turn matches. Default: a short text saying so. */
  fallback?: (request: ChatRequestBody) => FakeReply;
  /** Pause between streamed chunks (slow mode for Stop and timeouts). Default 0. */
  delayMs?: number;
  /** Requests without `Authorization: Bearer <apiKey>` get 401, as OpenAI answers. */
  apiKey?: string;
};

export type FakeLlm = {
  /** Base URL for LLM_BASE_URL, ending in /v1. */
  url: string;
  port: number;
  /** Every chat request received, in order, with its parsed body. */
  requests: RecordedRequest[];
  /** The turn names that answered, in order. */
  served: string[];
  close(): Promise<void>;
};

// ---- reading requests -------------------------------------------------------

export function contentText(message: ChatMessage | undefined): string {
  if (!message?.content) return "";
  if (typeof message.content === "string") return message.content;
  return message.content.map((part) => part.text ?? "").join("");
}

export function lastMessage(request: ChatRequestBody): ChatMessage | undefined {
  return request.messages[request.messages.length - 1];
}

/** The text of the engineer's latest message. */
export function lastUserText(request: ChatRequestBody): string {
  return contentText([...request.messages].reverse().find((m) => m.role === "user"));
}

/** True when the request's last message is the engineer's (no tool round trip yet). */
export function isUserTurn(request: ChatRequestBody): boolean {
  return lastMessage(request)?.role === "user";
}

/** The tool results after the engineer's latest message, with the names of the tools that produced them. */
export function toolResults(request: ChatRequestBody): { name: string; content: string }[] {
  const names = new Map<string, string>();
  for (const m of request.messages) for (const call of m.tool_calls ?? []) names.set(call.id, call.function.name);
  const lastUser = request.messages.map((m) => m.role).lastIndexOf("user");
  return request.messages
    .slice(lastUser + 1)
    .filter((m) => m.role === "tool")
    .map((m) => ({ name: names.get(m.tool_call_id ?? "") ?? "?", content: contentText(m) }));
}

/** The latest result of `tool` in this turn, if its last message is that tool's result. */
export function lastToolResult(request: ChatRequestBody, tool?: string): { name: string; content: string } | undefined {
  if (lastMessage(request)?.role !== "tool") return undefined;
  const results = toolResults(request);
  const last = results[results.length - 1];
  return last && (tool === undefined || last.name === tool) ? last : undefined;
}

// ---- the wire format ----------------------------------------------------------

let sequence = 0;

function chunk(id: string, model: string, created: number, delta: Record<string, unknown>, finishReason: string | null = null) {
  return {
    id,
    object: "chat.completion.chunk",
    created,
    model,
    system_fingerprint: "fp_fake",
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  };
}

const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

function usageOf(request: ChatRequestBody, output: string) {
  const prompt = tokens(JSON.stringify(request.messages));
  const completion = tokens(output);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The chunks of one streamed answer, as OpenAI sends them. */
export function streamChunks(request: ChatRequestBody, reply: Extract<FakeReply, { text: string } | { toolCalls: ToolCallSpec[] }>): unknown[] {
  const id = `chatcmpl-fake${++sequence}`;
  const created = Math.floor(Date.now() / 1000);
  const model = request.model;
  const out: unknown[] = [chunk(id, model, created, { role: "assistant", content: "", refusal: null })];
  const text = reply.text ?? "";
  const size = "chunkSize" in reply && reply.chunkSize ? reply.chunkSize : 12;
  for (const piece of pieces(text, size)) out.push(chunk(id, model, created, { content: piece }));
  let output = text;
  if ("toolCalls" in reply) {
    reply.toolCalls.forEach((call, index) => {
      const args = JSON.stringify(call.args);
      output += call.name + args;
      out.push(
        chunk(id, model, created, { tool_calls: [{ index, id: `call_${sequence}_${index}`, type: "function", function: { name: call.name, arguments: "" } }] }),
      );
      // Split the arguments in three, as models do: a client that only reads whole chunks fails here.
      const third = Math.max(1, Math.ceil(args.length / 3));
      for (const part of pieces(args, third)) out.push(chunk(id, model, created, { tool_calls: [{ index, function: { arguments: part } }] }));
    });
  }
  out.push(chunk(id, model, created, {}, "toolCalls" in reply ? "tool_calls" : "stop"));
  if (request.stream_options?.include_usage)
    out.push({ id, object: "chat.completion.chunk", created, model, system_fingerprint: "fp_fake", choices: [], usage: usageOf(request, output) });
  return out;
}

function completion(request: ChatRequestBody, reply: Extract<FakeReply, { text: string } | { toolCalls: ToolCallSpec[] }>) {
  const text = reply.text ?? "";
  const calls =
    "toolCalls" in reply
      ? reply.toolCalls.map((c, i) => ({ id: `call_${++sequence}_${i}`, type: "function", function: { name: c.name, arguments: JSON.stringify(c.args) } }))
      : undefined;
  return {
    id: `chatcmpl-fake${++sequence}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: request.model,
    system_fingerprint: "fp_fake",
    choices: [
      {
        index: 0,
        message: { role: "assistant", content: text === "" && calls ? null : text, refusal: null, ...(calls ? { tool_calls: calls } : {}) },
        logprobs: null,
        finish_reason: calls ? "tool_calls" : "stop",
      },
    ],
    usage: usageOf(request, text + JSON.stringify(calls ?? "")),
  };
}

function sendError(res: ServerResponse, status: number, message: string) {
  const type = status === 401 ? "invalid_request_error" : status === 429 ? "requests" : status >= 500 ? "server_error" : "invalid_request_error";
  const code = status === 401 ? "invalid_api_key" : null;
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ error: { message, type, param: null, code } }));
}

// ---- the server -------------------------------------------------------------

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const part of req) chunks.push(part as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

function pickReply(script: FakeScript, body: ChatRequestBody, served: string[]): FakeReply {
  for (const turn of script.turns) {
    if (turn.when(body)) {
      served.push(turn.name);
      return typeof turn.reply === "function" ? turn.reply(body) : turn.reply;
    }
  }
  served.push("fallback");
  return script.fallback?.(body) ?? { text: `(fake model) No scripted turn matches: "${lastUserText(body).slice(0, 80)}".` };
}

export async function startFakeLlm(script: FakeScript, options: { port?: number; host?: string } = {}): Promise<FakeLlm> {
  const requests: RecordedRequest[] = [];
  const served: string[] = [];
  const server: Server = createServer(async (req, res) => {
    try {
      const path = new URL(req.url ?? "/", "http://fake").pathname;
      if (req.method === "GET" && path === "/v1/models") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ object: "list", data: [{ id: "fake-model", object: "model", created: 0, owned_by: "pontifex-tests" }] }));
        return;
      }
      if (req.method !== "POST" || path !== "/v1/chat/completions") return sendError(res, 404, `Unknown path ${path}`);
      let body: ChatRequestBody;
      try {
        body = (await readJson(req)) as ChatRequestBody;
      } catch {
        return sendError(res, 400, "We could not parse the JSON body of your request.");
      }
      requests.push({ path, headers: req.headers, body });
      if (script.apiKey !== undefined && req.headers.authorization !== `Bearer ${script.apiKey}`) {
        served.push("unauthorized");
        return sendError(res, 401, "Incorrect API key provided.");
      }
      const reply = pickReply(script, body, served);
      if ("status" in reply) return sendError(res, reply.status, reply.message ?? `The fake model answers ${reply.status}.`);
      const delayMs = ("delayMs" in reply ? reply.delayMs : undefined) ?? script.delayMs ?? 0;
      if (!body.stream) {
        if ("malformed" in reply) {
          res.writeHead(200, { "content-type": "application/json" });
          res.end('{"id": "chatcmpl-broken", "choices": [');
          return;
        }
        await sleep(delayMs);
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(completion(body, reply)));
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", connection: "keep-alive" });
      let closed = false;
      res.on("close", () => (closed = true));
      const write = async (data: string) => {
        if (closed) return;
        if (!res.write(`data: ${data}\n\n`)) await once(res, "drain").catch(() => undefined);
      };
      if ("malformed" in reply) {
        await write(JSON.stringify(chunk("chatcmpl-broken", body.model, 0, { role: "assistant", content: "Here is" })));
        await write('{"id":"chatcmpl-broken","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":');
        await write("[DONE]");
        res.end();
        return;
      }
      for (const part of streamChunks(body, reply)) {
        if (closed) return;
        if (delayMs > 0) await sleep(delayMs);
        await write(JSON.stringify(part));
      }
      await write("[DONE]");
      res.end();
    } catch (error) {
      if (!res.headersSent) sendError(res, 500, `The fake model failed: ${(error as Error).message}`);
      else res.destroy();
    }
  });
  server.listen(options.port ?? 0, options.host ?? "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback URL where nothing listens (the "down" failure: connection refused). */
export async function closedUrl(): Promise<string> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1`;
}
