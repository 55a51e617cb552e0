import "server-only";
import {
  type ConversationOwner,
  conversationById,
  createConversation,
  deleteConversation,
  findConversation,
  listConversations,
  renameConversation,
  saveConversation,
} from "@/db/queries/conversations";
import { env } from "@/lib/env";
import { DomainError } from "@/lib/errors";
import { isStorableText, STORABLE_TEXT_MESSAGE } from "@/lib/validation";
import type { ConversationDetail, ConversationSummary } from "./api";
import type { ActionOutcome } from "./cards";
import { checkChatMessages, checkNewMessage, messageText } from "./limits";
import { type AssistantUIMessage, PROPOSAL_TOOLS } from "./tools";

/** The sidebar lists at least this many (all of them up to CHAT_MAX_CONVERSATIONS_PER_PROJECT); older ones stay stored and reachable by their link. */
export const MAX_CONVERSATIONS_LISTED = 200;
/** A new conversation's title: the start of its first message. */
export const AUTO_TITLE_LENGTH = 80;

export const NO_SUCH_CONVERSATION = "There is no such conversation among yours in this project.";

export type { ConversationOwner };

const notFound = () => new DomainError("not-found", NO_SUCH_CONVERSATION);

/** The title of a new conversation: its first message, on one line, cut at a word near AUTO_TITLE_LENGTH. */
export function conversationTitle(messages: Pick<AssistantUIMessage, "role" | "parts">[]): string {
  const first = messages.find((m) => m.role === "user");
  const text = first ? messageText(first).replace(/\s+/g, " ").trim() : "";
  if (text === "") return "New conversation";
  if (text.length <= AUTO_TITLE_LENGTH) return text;
  const cut = text.slice(0, AUTO_TITLE_LENGTH - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > AUTO_TITLE_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** What a chat request says: the conversation's id, the engineer's new message (last of `messages`), the outcomes of cards decided since. */
export type ChatTurnRequest = { id: string; messages: unknown[]; outcomes?: { toolCallId: string; outcome: ActionOutcome | Record<string, unknown> }[] };

/** The limits of what a user keeps (lib/env.ts). */
export function conversationLimits(settings = env()) {
  return { maxBytes: settings.CHAT_MAX_CONVERSATION_BYTES, maxConversations: settings.CHAT_MAX_CONVERSATIONS_PER_PROJECT };
}
export type ConversationLimits = ReturnType<typeof conversationLimits>;

const PROPOSAL_PART_TYPES = new Set<string>(PROPOSAL_TOOLS.map((name) => `tool-${name}`));

/**
 * The stored conversation with the outcomes the browser reports written onto
 * their proposal cards: only onto a proposal card the server stored, that
 * has its output and no outcome yet. Nothing else of the client's is taken.
 */
export function withOutcomes(messages: AssistantUIMessage[], outcomes: NonNullable<ChatTurnRequest["outcomes"]>): AssistantUIMessage[] {
  if (outcomes.length === 0) return messages;
  const reported = new Map(outcomes.map((o) => [o.toolCallId, o.outcome]));
  return messages.map((message) => {
    if (message.role !== "assistant") return message;
    let changed = false;
    const parts = message.parts.map((part) => {
      if (!PROPOSAL_PART_TYPES.has(part.type) || !("toolCallId" in part) || part.state !== "output-available") return part;
      const outcome = reported.get(part.toolCallId);
      const output = part.output as { outcome?: unknown } | undefined;
      if (!outcome || !output || typeof output !== "object" || output.outcome !== undefined) return part;
      changed = true;
      return { ...part, output: { ...output, outcome } };
    });
    return changed ? ({ ...message, parts } as AssistantUIMessage) : message;
  });
}

/**
 * The conversation the model answers, built on the server: what is stored
 * under `id` (the outcomes of decided cards written on), then the engineer's
 * new message. A message whose id is already stored replaces it and
 * everything after it (regenerate, or trying again after a failure). Refuses
 * before the model is called: another user's or project's id (404), a new
 * message that is not the engineer's text (400), a conversation past
 * CHAT_MAX_CONVERSATION_BYTES (413), a new conversation past
 * CHAT_MAX_CONVERSATIONS_PER_PROJECT (429). A new conversation is created
 * here, with its first message, so the count and the creation are one step.
 */
export async function prepareTurn(request: ChatTurnRequest, owner: ConversationOwner, limits: ConversationLimits): Promise<AssistantUIMessage[]> {
  const fresh = checkNewMessage(request.messages.at(-1));
  if (!fresh.ok) throw new DomainError(fresh.kind, fresh.error);
  const message = fresh.message as AssistantUIMessage;
  if (!isStorableText(messageText(message))) throw new DomainError("invalid", `The new message's text ${STORABLE_TEXT_MESSAGE}.`);

  const stored = await conversationById(request.id);
  if (stored && (stored.userId !== owner.userId || stored.projectId !== owner.projectId)) throw notFound();
  let history = withOutcomes((stored?.messages ?? []) as AssistantUIMessage[], request.outcomes ?? []);
  const again = history.findIndex((m) => m.id === message.id);
  if (again >= 0) {
    if (history[again]!.role !== "user") throw new DomainError("invalid", "The new message's id is one of the assistant's messages; give it an id of its own.");
    history = history.slice(0, again);
  }
  const messages = [...history, message];
  const checked = checkChatMessages(messages, limits.maxBytes);
  if (!checked.ok) {
    const extra = checked.limit !== undefined ? { bytes: checked.bytes, limit: checked.limit } : undefined;
    throw new DomainError(checked.kind, checked.error, extra);
  }
  if (!stored) await startConversation(request.id, owner, messages, limits.maxConversations);
  return messages;
}

async function startConversation(id: string, owner: ConversationOwner, messages: AssistantUIMessage[], limit: number): Promise<void> {
  const result = await createConversation({ id, ...owner, title: conversationTitle(messages), messages }, limit);
  if (result.created) return;
  if (result.reason === "full")
    throw new DomainError(
      "rate-limited",
      `You have ${result.count.toLocaleString("en")} conversations with the assistant in this project, its limit (CHAT_MAX_CONVERSATIONS_PER_PROJECT = ${limit}). ` +
        "Delete old conversations to start a new one, or go on in one you have.",
      { conversations: result.count, limit },
    );
  // The same id was made meanwhile: the owner's own (a second tab) goes on; anyone else's is not found.
  const now = await conversationById(id);
  if (!now || now.userId !== owner.userId || now.projectId !== owner.projectId) throw notFound();
}

/** When an answer ends (or is stopped): creates the conversation with its title, or replaces its messages. false: the id is someone else's. */
export function storeConversation(id: string, owner: ConversationOwner, messages: AssistantUIMessage[]): Promise<boolean> {
  return saveConversation({ id, ...owner, title: conversationTitle(messages), messages });
}

const summary = (row: { id: string; title: string; updatedAt: Date }): ConversationSummary => ({
  id: row.id,
  title: row.title,
  updatedAt: row.updatedAt.toISOString(),
});

export async function conversationsOf(owner: ConversationOwner): Promise<ConversationSummary[]> {
  return (await listConversations(owner, Math.max(MAX_CONVERSATIONS_LISTED, conversationLimits().maxConversations))).map(summary);
}

export async function openConversation(id: string, owner: ConversationOwner): Promise<ConversationDetail> {
  const row = await findConversation(id, owner);
  if (!row) throw notFound();
  return { ...summary(row), messages: row.messages as AssistantUIMessage[] };
}

export async function retitleConversation(id: string, owner: ConversationOwner, title: string): Promise<ConversationSummary> {
  const row = await renameConversation(id, owner, title);
  if (!row) throw notFound();
  return summary(row);
}

export async function removeConversation(id: string, owner: ConversationOwner): Promise<void> {
  if (!(await deleteConversation(id, owner))) throw notFound();
}
