import type { ApiResult } from "@/lib/api-client";
import { callApi, typedRoutes } from "@/lib/http/contract";
import type { ActionOutcome } from "./cards";
import type { assistantEndpoints } from "./endpoints";
import type { chatRequestSchema, conversationSummarySchema } from "./schemas";
import type { AssistantUIMessage } from "./tools";
import type { z } from "zod";

/**
 * The assistant's HTTP contract, in one place: paths, bodies, answers, and
 * the browser's client functions. Components use these, never `/api/` strings.
 */
export const assistantRoutes = {
  chat: { method: "POST", path: "/api/chat" },
  conversations: { method: "GET", path: "/api/chat/conversations" },
  conversation: { method: "GET", path: "/api/chat/conversations/{id}" },
  renameConversation: { method: "PATCH", path: "/api/chat/conversations/{id}" },
  deleteConversation: { method: "DELETE", path: "/api/chat/conversations/{id}" },
} as const;

/** The routes as the browser calls them, typed by their endpoints' schemas (zod itself stays on the server). */
export const assistantApi = typedRoutes<typeof assistantEndpoints>(assistantRoutes);

/** Proposal cards' outcomes one chat request may report. */
export const MAX_OUTCOMES_PER_REQUEST = 50;

export type OutcomeReport = { toolCallId: string; outcome: ActionOutcome };

/**
 * What the chat posts to `assistantApi.chat.path`: the conversation's id, the engineer's new message (the last
 * one), and what the clicks on its proposal cards did. The server keeps the rest of the conversation.
 */
export type ChatRequestBody = Omit<z.infer<typeof chatRequestSchema>, "messages" | "outcomes"> & { messages: AssistantUIMessage[]; outcomes?: OutcomeReport[] };

/**
 * The body of a chat request from useChat's state (the transport's prepareSendMessagesRequest). The outcomes
 * are those the browser wrote on the cards (addToolOutput); the server keeps a card's first one, so sending
 * the latest few again costs nothing.
 */
export function chatRequestBody(request: {
  id: string;
  messages: AssistantUIMessage[];
  trigger?: ChatRequestBody["trigger"];
  messageId?: string;
}): ChatRequestBody {
  const last = request.messages.at(-1);
  const outcomes = request.messages
    .flatMap((message) => (message.role === "assistant" ? message.parts : []))
    .flatMap((part): OutcomeReport[] => {
      if (!part.type.startsWith("tool-") || !("toolCallId" in part) || part.state !== "output-available") return [];
      const outcome = (part.output as { outcome?: ActionOutcome } | undefined)?.outcome;
      return outcome ? [{ toolCallId: part.toolCallId, outcome }] : [];
    })
    .slice(-MAX_OUTCOMES_PER_REQUEST);
  return {
    id: request.id,
    messages: last ? [last] : [],
    ...(request.trigger ? { trigger: request.trigger } : {}),
    ...(request.messageId ? { messageId: request.messageId } : {}),
    ...(outcomes.length > 0 ? { outcomes } : {}),
  };
}

/**
 * A refusal of the chat route before any streaming: 400, 401, 403, 404, 413 (a message or the conversation too
 * large: `limit` then), 415, 429 (too many messages a minute, with Retry-After; or too many conversations:
 * `limit`), or 503 when the assistant is not configured.
 */
export type ChatErrorBody = { error: string; notConfigured?: boolean; limit?: number };

/** The longest title of a conversation; a new one takes the start of its first message. */
export const MAX_TITLE_LENGTH = 120;

const ID_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * A new conversation's or message's id: 16 letters and digits, like the AI SDK's generateId, without loading
 * the SDK (the page's first scripts do not have it). getRandomValues, unlike randomUUID, works over plain http too.
 */
export function newChatId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join("");
}

export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
export type ConversationDetail = ConversationSummary & { messages: AssistantUIMessage[] };

/** A refused chat request, with the server's `{error}` as the message. */
export class ChatHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly notConfigured: boolean,
    /** Sending the same again later may work (not a malformed or too large request, nor a full conversation list). */
    readonly retryable: boolean = true,
  ) {
    super(message);
    this.name = "ChatHttpError";
  }
}

/**
 * fetch for the chat transport: the SDK would show a refused request's raw
 * body; this throws ChatHttpError with the server's sentence instead.
 */
export const chatFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, { ...init, credentials: "include" });
  if (response.ok) return response;
  let body: Partial<ChatErrorBody> = {};
  try {
    body = (await response.json()) as ChatErrorBody;
  } catch {
    /* a proxy's HTML page */
  }
  const message = typeof body.error === "string" ? body.error : `The server answered ${response.status} ${response.statusText}`.trim();
  // A 429 without Retry-After is the conversation count: waiting does not help, deleting does.
  const retryable = ![400, 413].includes(response.status) && !(response.status === 429 && !response.headers.has("retry-after"));
  throw new ChatHttpError(response.status, message, body.notConfigured === true, retryable);
};

// (callApi wants `params` even for a path without any.)
export const listConversations = () => callApi(assistantApi.conversations, { params: {} });
// The messages are what the SDK validated against the tools when the answer was made.
export const getConversation = async (id: string) =>
  (await callApi(assistantApi.conversation, { params: { id } })) as ApiResult<{ conversation: ConversationDetail }>;
export const renameConversation = (id: string, title: string) => callApi(assistantApi.renameConversation, { params: { id }, body: { title } });
export const deleteConversation = (id: string) => callApi(assistantApi.deleteConversation, { params: { id } });
