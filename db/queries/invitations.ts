import "server-only";
import { and, asc, count, desc, eq, gt, lt, ne, sql } from "drizzle-orm";
import { type Database, db as defaultDb } from "../client";
import { type Project, type ProjectRole, projectInvitations, projectMembers, projects, users } from "../schema";
import { userHasProjectNamed } from "./projects";

const live = (now: Date) => gt(projectInvitations.expiresAt, now);

/** A pending invitation as its project's owners see it. */
export type SentInvitation = { id: string; email: string; role: ProjectRole; createdAt: Date; expiresAt: Date };

/** A pending invitation as the invited person sees it. */
export type ReceivedInvitation = {
  id: string;
  project: { id: number; name: string };
  role: ProjectRole;
  invitedBy: { email: string; firstName: string; lastName: string } | null;
  createdAt: Date;
  expiresAt: Date;
};

const sentColumns = {
  id: projectInvitations.id,
  email: projectInvitations.email,
  role: projectInvitations.role,
  createdAt: projectInvitations.createdAt,
  expiresAt: projectInvitations.expiresAt,
};

/**
 * Invites an address to a project, or renews its pending invitation with the new role: "full" when the project
 * already has `maxPending` other pending invitations. Counted under a lock on the project's row, so parallel
 * invitations cannot pass the limit together.
 */
export async function upsertInvitation(
  values: { projectId: number; email: string; role: ProjectRole; invitedBy: number; expiresAt: Date },
  maxPending: number,
  now = new Date(),
  db: Database = defaultDb(),
): Promise<SentInvitation | "full"> {
  return db.transaction(async (tx) => {
    await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, values.projectId)).for("update");
    const [pending] = await tx
      .select({ n: count() })
      .from(projectInvitations)
      .where(and(eq(projectInvitations.projectId, values.projectId), ne(projectInvitations.email, values.email), live(now)));
    if ((pending?.n ?? 0) >= maxPending) return "full";
    const [row] = await tx
      .insert(projectInvitations)
      .values({ ...values, createdAt: now })
      .onConflictDoUpdate({
        target: [projectInvitations.projectId, projectInvitations.email],
        set: { role: values.role, invitedBy: values.invitedBy, createdAt: now, expiresAt: values.expiresAt },
      })
      .returning(sentColumns);
    return row!;
  });
}

/** A project's pending invitations, newest first. */
export async function listProjectInvitations(projectId: number, now = new Date(), db: Database = defaultDb()): Promise<SentInvitation[]> {
  return db
    .select(sentColumns)
    .from(projectInvitations)
    .where(and(eq(projectInvitations.projectId, projectId), live(now)))
    .orderBy(desc(projectInvitations.createdAt), asc(projectInvitations.email));
}

/** Withdraws a pending invitation of a project; false when there is none with this id. */
export async function deleteProjectInvitation(projectId: number, id: string, db: Database = defaultDb()): Promise<boolean> {
  const deleted = await db
    .delete(projectInvitations)
    .where(and(eq(projectInvitations.projectId, projectId), eq(projectInvitations.id, id)))
    .returning({ id: projectInvitations.id });
  return deleted.length > 0;
}

/** The pending invitations addressed to an e-mail address, newest first. */
export async function listInvitationsFor(email: string, now = new Date(), db: Database = defaultDb()): Promise<ReceivedInvitation[]> {
  const rows = await db
    .select({
      id: projectInvitations.id,
      projectId: projects.id,
      projectName: projects.name,
      role: projectInvitations.role,
      inviterEmail: users.email,
      inviterFirstName: users.firstName,
      inviterLastName: users.lastName,
      createdAt: projectInvitations.createdAt,
      expiresAt: projectInvitations.expiresAt,
    })
    .from(projectInvitations)
    .innerJoin(projects, eq(projects.id, projectInvitations.projectId))
    .leftJoin(users, eq(users.id, projectInvitations.invitedBy))
    .where(and(eq(projectInvitations.email, email), live(now)))
    .orderBy(desc(projectInvitations.createdAt));
  return rows.map((r) => ({
    id: r.id,
    project: { id: r.projectId, name: r.projectName },
    role: r.role,
    invitedBy: r.inviterEmail === null ? null : { email: r.inviterEmail, firstName: r.inviterFirstName ?? "", lastName: r.inviterLastName ?? "" },
    createdAt: r.createdAt,
    expiresAt: r.expiresAt,
  }));
}

export type Acceptance = { outcome: "joined"; project: Project; role: ProjectRole } | { outcome: "not-found" } | { outcome: "name-taken"; name: string };

/**
 * Accepts an invitation addressed to `email` for the user: they become a member with its role (unless they already
 * are one, with whatever role they have), the invitation is gone, and a user without a current project gets this
 * one. "name-taken" when one of the user's projects already has the project's name (names stay unique per person).
 */
export async function acceptInvitation(id: string, user: { id: number; email: string }, now = new Date(), db: Database = defaultDb()): Promise<Acceptance> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const [invitation] = await tx
      .select({ projectId: projectInvitations.projectId, role: projectInvitations.role })
      .from(projectInvitations)
      .where(and(eq(projectInvitations.id, id), eq(projectInvitations.email, user.email), live(now)))
      .for("update");
    if (!invitation) return { outcome: "not-found" };
    const [project] = await tx.select().from(projects).where(eq(projects.id, invitation.projectId));
    if (!project) return { outcome: "not-found" };
    if (await userHasProjectNamed(user.id, project.name, project.id, tx)) return { outcome: "name-taken", name: project.name };
    await tx.insert(projectMembers).values({ projectId: project.id, userId: user.id, role: invitation.role }).onConflictDoNothing();
    await tx.delete(projectInvitations).where(eq(projectInvitations.id, id));
    await tx
      .update(users)
      .set({ currentProjectId: project.id })
      .where(and(eq(users.id, user.id), sql`${users.currentProjectId} IS NULL`));
    const [member] = await tx
      .select({ role: projectMembers.role })
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.userId, user.id)));
    return { outcome: "joined", project, role: member!.role };
  });
}

/** Declines an invitation addressed to `email`; false when there is none with this id. */
export async function declineInvitation(id: string, email: string, db: Database = defaultDb()): Promise<boolean> {
  const deleted = await db
    .delete(projectInvitations)
    .where(and(eq(projectInvitations.id, id), eq(projectInvitations.email, email)))
    .returning({ id: projectInvitations.id });
  return deleted.length > 0;
}

/** Housekeeping: invitations nobody answered in time. */
export async function deleteExpiredInvitations(db: Database, now: Date): Promise<number> {
  const deleted = await db.delete(projectInvitations).where(lt(projectInvitations.expiresAt, now)).returning({ id: projectInvitations.id });
  return deleted.length;
}
