import {
  type ConversationOwner,
  conversationOwner,
  deleteConversation,
  findConversation,
  listConversations,
  renameConversation,
  saveConversation,
} from "@/db/queries/conversations";
import { DomainError } from "@/lib/errors";
import type { ConversationDetail, ConversationSummary } from "./api";
import { messageText } from "./limits";
import type { AssistantUIMessage } from "./tools";

/** The sidebar lists this many; older ones stay stored and reachable by their link. */
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

/**
 * Before an answer is streamed: the id is new (the first message of a chat)
 * or one of this user's conversations in this project. Anyone else's is "not
 * found", so an id reveals nothing and cannot be written into.
 */
export async function checkConversationId(id: string, owner: ConversationOwner): Promise<void> {
  const found = await conversationOwner(id);
  if (found && (found.userId !== owner.userId || found.projectId !== owner.projectId)) throw notFound();
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
  return (await listConversations(owner, MAX_CONVERSATIONS_LISTED)).map(summary);
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
