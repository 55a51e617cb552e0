import "server-only";
import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import { type Database, db as defaultDb } from "../client";
import { type Project, type ProjectRole, projectMembers, projects, users } from "../schema";

export type Membership = { project: Project; role: ProjectRole };

/** The user's projects with their role, by name. */
export async function listUserProjects(userId: number, db: Database = defaultDb()): Promise<Membership[]> {
  const rows = await db
    .select({ project: projects, role: projectMembers.role })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(eq(projectMembers.userId, userId))
    .orderBy(asc(sql`lower(${projects.name})`), asc(projects.id));
  return rows;
}

/** The user's membership of a project, or undefined when they are not a member. */
export async function findMembership(userId: number, projectId: number, db: Database = defaultDb()): Promise<Membership | undefined> {
  const [row] = await db
    .select({ project: projects, role: projectMembers.role })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(and(eq(projectMembers.userId, userId), eq(projectMembers.projectId, projectId)))
    .limit(1);
  return row;
}

/** Whether any of the user's projects (but `exceptProjectId`) has this name, case-insensitively. */
export async function userHasProjectNamed(userId: number, name: string, exceptProjectId?: number, db: Database = defaultDb()): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(
      and(
        eq(projectMembers.userId, userId),
        sql`lower(${projects.name}) = lower(${name})`,
        exceptProjectId !== undefined ? ne(projects.id, exceptProjectId) : undefined,
      ),
    );
  return (row?.n ?? 0) > 0;
}

export async function insertProject(name: string, ownerId: number, db: Database = defaultDb()): Promise<Project> {
  return db.transaction(async (tx) => {
    const [project] = await tx.insert(projects).values({ name }).returning();
    await tx.insert(projectMembers).values({ projectId: project!.id, userId: ownerId, role: "owner" });
    return project!;
  });
}

export async function renameProject(projectId: number, name: string, db: Database = defaultDb()): Promise<Project | undefined> {
  const [project] = await db.update(projects).set({ name, updatedAt: new Date() }).where(eq(projects.id, projectId)).returning();
  return project;
}

/** Deletes the project and, by cascade, its tables, members and pushes. */
export async function deleteProject(projectId: number, db: Database = defaultDb()): Promise<void> {
  await db.delete(projects).where(eq(projects.id, projectId));
}

export async function touchProject(projectId: number, db: Database = defaultDb()): Promise<void> {
  await db.update(projects).set({ updatedAt: new Date() }).where(eq(projects.id, projectId));
}

export type Member = { userId: number; email: string; firstName: string; lastName: string; role: ProjectRole };

export async function listMembers(projectId: number, db: Database = defaultDb()): Promise<Member[]> {
  return db
    .select({ userId: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, role: projectMembers.role })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(eq(projectMembers.projectId, projectId))
    .orderBy(sql`CASE ${projectMembers.role} WHEN 'owner' THEN 0 WHEN 'editor' THEN 1 ELSE 2 END`, asc(users.email));
}

/** Adds a member; false when they are one already. */
export async function insertMember(projectId: number, userId: number, role: ProjectRole, db: Database = defaultDb()): Promise<boolean> {
  const inserted = await db.insert(projectMembers).values({ projectId, userId, role }).onConflictDoNothing().returning({ userId: projectMembers.userId });
  return inserted.length > 0;
}

/**
 * Changes a member's role or removes them, unless that would leave the
 * project without an owner. The owners are counted under a lock on the
 * project's row, so two owners demoting each other at once cannot both win.
 */
export async function changeMember(
  projectId: number,
  userId: number,
  change: { role: ProjectRole } | "remove",
  db: Database = defaultDb(),
): Promise<"done" | "not-found" | "last-owner"> {
  return db.transaction(async (tx) => {
    await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for("update");
    const [member] = await tx
      .select({ role: projectMembers.role })
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
    if (!member) return "not-found";
    const losesOwner = member.role === "owner" && (change === "remove" || change.role !== "owner");
    if (losesOwner) {
      const [owners] = await tx
        .select({ n: count() })
        .from(projectMembers)
        .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.role, "owner")));
      if ((owners?.n ?? 0) <= 1) return "last-owner";
    }
    const where = and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId));
    if (change === "remove") {
      await tx.delete(projectMembers).where(where);
      await tx
        .update(users)
        .set({ currentProjectId: null })
        .where(and(eq(users.id, userId), eq(users.currentProjectId, projectId)));
    } else await tx.update(projectMembers).set({ role: change.role }).where(where);
    return "done";
  });
}

export async function setCurrentProject(userId: number, projectId: number | null, db: Database = defaultDb()): Promise<void> {
  await db.update(users).set({ currentProjectId: projectId }).where(eq(users.id, userId));
}

/** The user's current project with their role, when they still are a member of it. */
export async function currentMembership(userId: number, db: Database = defaultDb()): Promise<Membership | undefined> {
  const [row] = await db
    .select({ project: projects, role: projectMembers.role })
    .from(users)
    .innerJoin(projects, eq(projects.id, users.currentProjectId))
    .innerJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, users.id)))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** The roles of these (project, user) pairs, keyed `${projectId}:${userId}`; a pair missing is not a member (live tables re-check their streams). */
export async function memberRoles(pairs: { projectId: number; userId: number }[], db: Database = defaultDb()): Promise<Map<string, ProjectRole>> {
  const roles = new Map<string, ProjectRole>();
  if (pairs.length === 0) return roles;
  const wanted = new Set(pairs.map((p) => `${p.projectId}:${p.userId}`));
  const rows = await db
    .select({ projectId: projectMembers.projectId, userId: projectMembers.userId, role: projectMembers.role })
    .from(projectMembers)
    .where(
      and(
        inArray(projectMembers.projectId, [...new Set(pairs.map((p) => p.projectId))]),
        inArray(projectMembers.userId, [...new Set(pairs.map((p) => p.userId))]),
      ),
    );
  for (const row of rows) {
    const key = `${row.projectId}:${row.userId}`;
    if (wanted.has(key)) roles.set(key, row.role);
  }
  return roles;
}
