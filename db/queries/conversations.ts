import "server-only";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { type Database, db as defaultDb } from "../client";
import { conversations } from "../schema";

/** Whose conversation an id is: one of this user's in this project. */
export type ConversationOwner = { userId: number; projectId: number };

const owned = (id: string, owner: ConversationOwner) =>
  and(eq(conversations.id, id), eq(conversations.userId, owner.userId), eq(conversations.projectId, owner.projectId));

const summary = { id: conversations.id, title: conversations.title, updatedAt: conversations.updatedAt };

/** A conversation by id, whoever's it is: its owner and messages (undefined: no conversation has this id yet). */
export async function conversationById(id: string, db: Database = defaultDb()): Promise<(ConversationOwner & { messages: unknown[] }) | undefined> {
  const [row] = await db
    .select({ userId: conversations.userId, projectId: conversations.projectId, messages: conversations.messages })
    .from(conversations)
    .where(eq(conversations.id, id))
    .limit(1);
  return row;
}

export type CreatedConversation = { created: true } | { created: false; reason: "full"; count: number } | { created: false; reason: "taken" };

/**
 * Creates a conversation unless its owner already has `limit` in the project
 * ("full", with how many) or the id exists ("taken": made meanwhile). The
 * count and the insert run under a per-owner lock, so first messages sent in
 * parallel cannot pass the limit together, on any number of servers.
 */
export async function createConversation(
  values: ConversationOwner & { id: string; title: string; messages: unknown[] },
  limit: number,
  db: Database = defaultDb(),
): Promise<CreatedConversation> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`pontifex:conversations:${values.userId}:${values.projectId}`}))`);
    const [held] = await tx
      .select({ n: count() })
      .from(conversations)
      .where(and(eq(conversations.userId, values.userId), eq(conversations.projectId, values.projectId)));
    const n = held?.n ?? 0;
    if (n >= limit) return { created: false, reason: "full", count: n };
    const now = new Date();
    const inserted = await tx
      .insert(conversations)
      .values({ ...values, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: conversations.id })
      .returning({ id: conversations.id });
    return inserted.length > 0 ? { created: true } : { created: false, reason: "taken" };
  });
}

/** The user's conversations in a project, the most recently active first. */
export async function listConversations(owner: ConversationOwner, limit: number, db: Database = defaultDb()) {
  return db
    .select(summary)
    .from(conversations)
    .where(and(eq(conversations.userId, owner.userId), eq(conversations.projectId, owner.projectId)))
    .orderBy(desc(conversations.updatedAt), desc(conversations.createdAt))
    .limit(limit);
}

export async function findConversation(id: string, owner: ConversationOwner, db: Database = defaultDb()) {
  const [row] = await db
    .select({ ...summary, messages: conversations.messages })
    .from(conversations)
    .where(owned(id, owner))
    .limit(1);
  return row;
}

/**
 * Stores a conversation's messages: creates it with `title`, or replaces the
 * messages of the owner's existing one (its title stays). An id that belongs
 * to someone else is left alone: false.
 */
export async function saveConversation(
  values: ConversationOwner & { id: string; title: string; messages: unknown[] },
  db: Database = defaultDb(),
): Promise<boolean> {
  const now = new Date();
  const saved = await db
    .insert(conversations)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: conversations.id,
      set: { messages: sql`excluded.messages`, updatedAt: now },
      setWhere: and(eq(conversations.userId, values.userId), eq(conversations.projectId, values.projectId)),
    })
    .returning({ id: conversations.id });
  return saved.length > 0;
}

export async function renameConversation(id: string, owner: ConversationOwner, title: string, db: Database = defaultDb()) {
  const [row] = await db.update(conversations).set({ title }).where(owned(id, owner)).returning(summary);
  return row;
}

/** false: the owner has no such conversation. */
export async function deleteConversation(id: string, owner: ConversationOwner, db: Database = defaultDb()): Promise<boolean> {
  const deleted = await db.delete(conversations).where(owned(id, owner)).returning({ id: conversations.id });
  return deleted.length > 0;
}
