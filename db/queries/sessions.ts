import "server-only";
import { and, eq, gt } from "drizzle-orm";
import { type Database, db as defaultDb } from "../client";
import { type Session, type User, projectMembers, projects, sessions, users } from "../schema";
import type { Membership } from "./projects";

export async function insertSession(values: { tokenHash: string; userId: number; expiresAt: Date }, db: Database = defaultDb()): Promise<Session> {
  const [session] = await db.insert(sessions).values(values).returning();
  return session!;
}

/** The session of this token hash, if unexpired. */
const live = (tokenHash: string) => and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date()));

/** The unexpired session with this token hash, with its user. */
export async function findLiveSession(tokenHash: string, db: Database = defaultDb()): Promise<{ session: Session; user: User } | undefined> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(live(tokenHash))
    .limit(1);
  return row;
}

/** Which project a request acts on: the user's current one, or one by id. */
export type WantedProject = "current" | number;

/**
 * The unexpired session with this token hash, with its user and, read by the
 * same statement, the user's membership of the wanted project (none when
 * there is no such project or they are not a member): one round trip where a
 * project-scoped request made two.
 */
export async function findLiveSessionWithMembership(
  tokenHash: string,
  project: WantedProject,
  db: Database = defaultDb(),
): Promise<{ session: Session; user: User; membership: Membership | undefined } | undefined> {
  const [row] = await db
    .select({ session: sessions, user: users, project: projects, role: projectMembers.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(projects, project === "current" ? eq(projects.id, users.currentProjectId) : eq(projects.id, project))
    .leftJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, users.id)))
    .where(live(tokenHash))
    .limit(1);
  if (!row) return undefined;
  const { session, user, project: found, role } = row;
  return { session, user, membership: found && role ? { project: found, role } : undefined };
}

export async function extendSession(id: number, expiresAt: Date, db: Database = defaultDb()): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
}

export async function deleteSessionByTokenHash(tokenHash: string, db: Database = defaultDb()): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}
