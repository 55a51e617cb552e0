import type { UIMessage } from "ai";

/**
 * The size and shape limits of a chat request: pure, so the route checks them
 * before anything else and the composer checks a message before sending it.
 */

/** The longest message an engineer may send, in characters. */
export const MAX_MESSAGE_CHARS = 8_000;
/** Messages in one conversation, counting the assistant's. */
export const MAX_HISTORY_MESSAGES = 100;
/** The conversation as sent, in bytes of JSON (below the API's 2 MB body limit). */
export const MAX_HISTORY_BYTES = 1_000_000;

export type LimitCheck = { ok: true; messages: UIMessage[] } | { ok: false; kind: "invalid" | "too-large"; error: string };

const fail = (kind: "invalid" | "too-large", error: string): LimitCheck => ({ ok: false, kind, error });

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

/**
 * The structure and size limits of a chat request's messages. Pure and cheap:
 * the route runs it before anything else; the SDK's own validation against
 * the tools follows in streamAssistantReply.
 */
export function checkChatMessages(messages: unknown): LimitCheck {
  if (!Array.isArray(messages)) return fail("invalid", "messages must be a list of chat messages.");
  if (messages.length === 0) return fail("invalid", "messages must not be empty.");
  if (messages.length > MAX_HISTORY_MESSAGES)
    return fail("too-large", `This conversation has ${messages.length} messages; the limit is ${MAX_HISTORY_MESSAGES}. Start a new chat to go on.`);
  const bytes = new TextEncoder().encode(JSON.stringify(messages)).length;
  if (bytes > MAX_HISTORY_BYTES)
    return fail("too-large", `This conversation is ${Math.ceil(bytes / 1000)} kB; the limit is ${MAX_HISTORY_BYTES / 1000} kB. Start a new chat to go on.`);
  for (const [index, message] of messages.entries()) {
    if (!message || typeof message !== "object" || Array.isArray(message)) return fail("invalid", `messages[${index}] is not a chat message.`);
    const { id, role, parts } = message as Record<string, unknown>;
    if (typeof id !== "string" || id === "") return fail("invalid", `messages[${index}] has no id.`);
    if (role === "system") return fail("invalid", "The system prompt is set by the server; messages cannot have the role system.");
    if (role !== "user" && role !== "assistant") return fail("invalid", `messages[${index}].role must be user or assistant.`);
    if (!Array.isArray(parts)) return fail("invalid", `messages[${index}].parts must be a list.`);
    if (role === "user") {
      if (parts.some((p) => !p || typeof p !== "object" || (p as { type?: unknown }).type !== "text" || typeof (p as { text?: unknown }).text !== "string"))
        return fail("invalid", "Messages from the engineer can only contain text.");
      const length = messageText(message as UIMessage).length;
      if (length > MAX_MESSAGE_CHARS)
        return fail("too-large", `A message is ${length.toLocaleString("en")} characters long; the limit is ${MAX_MESSAGE_CHARS.toLocaleString("en")}.`);
    }
  }
  return { ok: true, messages: messages as UIMessage[] };
}
