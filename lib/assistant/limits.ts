import type { UIMessage } from "ai";

/**
 * The size and shape limits of a chat request and of the conversation it
 * continues: pure, so the server checks them before anything else and the
 * composer checks a message before sending it.
 */

/** The longest message an engineer may send, in characters. */
export const MAX_MESSAGE_CHARS = 8_000;
/** Messages in one conversation, counting the assistant's. */
export const MAX_HISTORY_MESSAGES = 100;
/** The default of CHAT_MAX_CONVERSATION_BYTES: a conversation, in bytes of JSON (the server sends all of it to the model each time). */
export const MAX_HISTORY_BYTES = 1_000_000;
/** The setting that bounds a conversation's size, named in the refusal. */
const CONVERSATION_BYTES_SETTING = "CHAT_MAX_CONVERSATION_BYTES";

export type LimitCheck = { ok: true; messages: UIMessage[] } | { ok: false; kind: "invalid" | "too-large"; error: string; bytes?: number; limit?: number };

const fail = (kind: "invalid" | "too-large", error: string, extra: { bytes?: number; limit?: number } = {}): LimitCheck => ({
  ok: false,
  kind,
  error,
  ...extra,
});

/** The text an engineer typed in one message. */
export function messageText(message: Pick<UIMessage, "parts">): string {
  return message.parts.map((part) => (part.type === "text" ? part.text : "")).join("");
}

/** A message the engineer is about to send: null when it may be sent, else why not (for the composer, before any request). */
export function checkMessageText(text: string): string | null {
  if (text.trim() === "") return "Type a message first.";
  if (text.length > MAX_MESSAGE_CHARS)
    return `This message is ${text.length.toLocaleString("en")} characters long; the limit is ${MAX_MESSAGE_CHARS.toLocaleString("en")}.`;
  return null;
}

const kB = (bytes: number) => `${Math.ceil(bytes / 1000).toLocaleString("en")} kB`;

/**
 * The structure and size limits of a conversation: the one the server is
 * about to send to the model (what it stored, and the new message). Pure and
 * cheap: the SDK's own validation against the tools follows in
 * streamAssistantReply.
 */
export function checkChatMessages(messages: unknown, maxBytes: number = MAX_HISTORY_BYTES): LimitCheck {
  if (!Array.isArray(messages)) return fail("invalid", "messages must be a list of chat messages.");
  if (messages.length === 0) return fail("invalid", "messages must not be empty.");
  if (messages.length > MAX_HISTORY_MESSAGES)
    return fail(
      "too-large",
      `This conversation would have ${messages.length} messages; the limit is ${MAX_HISTORY_MESSAGES}. Start a new conversation to go on.`,
    );
  const bytes = new TextEncoder().encode(JSON.stringify(messages)).length;
  if (bytes > maxBytes)
    return fail(
      "too-large",
      `This conversation would be ${kB(bytes)}, over its limit of ${kB(maxBytes)} (${CONVERSATION_BYTES_SETTING} = ${maxBytes}). Start a new conversation to go on.`,
      { bytes, limit: maxBytes },
    );
  for (const [index, message] of messages.entries()) {
    if (!message || typeof message !== "object" || Array.isArray(message)) return fail("invalid", `messages[${index}] is not a chat message.`);
    const { id, role, parts } = message as Record<string, unknown>;
    if (typeof id !== "string" || id === "") return fail("invalid", `messages[${index}] has no id.`);
    if (role === "system") return fail("invalid", "The system prompt is set by the server; messages cannot have the role system.");
    if (role !== "user" && role !== "assistant") return fail("invalid", `messages[${index}].role must be user or assistant.`);
    if (!Array.isArray(parts)) return fail("invalid", `messages[${index}].parts must be a list.`);
    if (role === "user") {
      const problem = userMessageProblem(message as Record<string, unknown>);
      if (problem) return problem;
    }
  }
  return { ok: true, messages: messages as UIMessage[] };
}

function userMessageProblem(message: Record<string, unknown>): LimitCheck | null {
  const parts = message.parts as unknown[];
  if (parts.some((p) => !p || typeof p !== "object" || (p as { type?: unknown }).type !== "text" || typeof (p as { text?: unknown }).text !== "string"))
    return fail("invalid", "Messages from the engineer can only contain text.");
  const length = messageText({ parts: parts as UIMessage["parts"] }).length;
  if (length > MAX_MESSAGE_CHARS)
    return fail("too-large", `A message is ${length.toLocaleString("en")} characters long; the limit is ${MAX_MESSAGE_CHARS.toLocaleString("en")}.`);
  return null;
}

export type NewMessageCheck = { ok: true; message: UIMessage<{ actionReport?: boolean }> } | Extract<LimitCheck, { ok: false }>;

/**
 * The engineer's new message, the last of a chat request's messages (the
 * server keeps the conversation; whatever else a client sends is not read).
 * Only its id, its text and the action-report mark are kept. (Whether the
 * database can store the text is checked where it is stored: this file runs
 * in the browser too, without zod.)
 */
export function checkNewMessage(message: unknown): NewMessageCheck {
  const refuse = (error: string) => fail("invalid", error) as Extract<LimitCheck, { ok: false }>;
  if (!message || typeof message !== "object" || Array.isArray(message)) return refuse("messages must end with the engineer's new message.");
  const { id, role, parts, metadata } = message as Record<string, unknown>;
  if (role === "system") return refuse("The system prompt is set by the server; messages cannot have the role system.");
  if (role !== "user") return refuse("The last of messages must be the engineer's new message (role user); the server keeps the rest of the conversation.");
  if (typeof id !== "string" || !/^[A-Za-z0-9_-]{1,100}$/.test(id)) return refuse("The new message needs an id of 1-100 letters, digits, _ and -.");
  if (!Array.isArray(parts)) return refuse("The new message's parts must be a list.");
  const problem = userMessageProblem(message as Record<string, unknown>);
  if (problem) return problem as Extract<LimitCheck, { ok: false }>;
  const text = messageText(message as UIMessage);
  if (text.trim() === "") return refuse("The new message has no text.");
  const actionReport = (metadata as { actionReport?: unknown } | undefined)?.actionReport === true;
  return { ok: true, message: { id, role: "user", parts: [{ type: "text", text }], ...(actionReport ? { metadata: { actionReport: true } } : {}) } };
}
