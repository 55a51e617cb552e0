import "server-only";
import {
  changeMember,
  currentMembership,
  deleteProject,
  findMembership,
  insertProject,
  listMembers,
  listUserProjects,
  type Member,
  type Membership,
  renameProject,
  setCurrentProject,
  userHasProjectNamed,
} from "@/db/queries/projects";
import { copyTables, insertRows } from "@/db/queries/rows-copy";
import { midasDatasetKeys, templateRows } from "@/lib/midas/tables";
import type { ProjectRole } from "@/db/schema";
import { DomainError } from "@/lib/errors";
import { revokeStreams } from "@/lib/live/hub";
import { NOT_A_PROJECT, projectAccess } from "./access";
import type { ProjectSummary } from "./schemas";

export const FIRST_PROJECT_NAME = "My first project";

export function summarise({ project, role }: Membership): ProjectSummary {
  return { id: project.id, name: project.name, role, createdAt: project.createdAt.toISOString(), updatedAt: project.updatedAt.toISOString() };
}

async function ensureNameFree(userId: number, name: string, exceptProjectId?: number): Promise<void> {
  if (await userHasProjectNamed(userId, name, exceptProjectId)) {
    throw new DomainError("conflict", `You already have a project named "${name}". Choose another name.`);
  }
}

export async function listProjects(userId: number): Promise<ProjectSummary[]> {
  return (await listUserProjects(userId)).map(summarise);
}

/** A new project's Midas tables start from their templates: every Parameter, values blank. */
export async function startMidasTables(projectId: number): Promise<void> {
  for (const dataset of midasDatasetKeys) await insertRows({ projectId, dataset }, templateRows(dataset));
}

/** A new project owned by its creator, made current; with `copyFrom`, a copy of that project's tables. */
export async function createProject(userId: number, input: { name: string; copyFrom?: number }): Promise<ProjectSummary> {
  if (input.copyFrom !== undefined) await projectAccess(userId, input.copyFrom, "read");
  await ensureNameFree(userId, input.name);
  const project = await insertProject(input.name, userId);
  if (input.copyFrom !== undefined) await copyTables(input.copyFrom, project.id);
  else await startMidasTables(project.id);
  await setCurrentProject(userId, project.id);
  return summarise({ project, role: "owner" });
}

/** A new account's first project: the spec's flow (register, log in, open a table) works unchanged. */
export async function createFirstProject(userId: number): Promise<void> {
  const project = await insertProject(FIRST_PROJECT_NAME, userId);
  await startMidasTables(project.id);
  await setCurrentProject(userId, project.id);
}

export async function getProject(userId: number, projectId: number): Promise<ProjectSummary> {
  const membership = await findMembership(userId, projectId);
  if (!membership) throw new DomainError("not-found", NOT_A_PROJECT);
  return summarise(membership);
}

export async function rename(userId: number, projectId: number, name: string): Promise<ProjectSummary> {
  const access = await projectAccess(userId, projectId, "own");
  // The name must stay unique among the projects of every member, not only the owner's.
  for (const member of await listMembers(projectId)) {
    if (await userHasProjectNamed(member.userId, name, projectId)) {
      throw new DomainError(
        "conflict",
        member.userId === userId
          ? `You already have a project named "${name}". Choose another name.`
          : `${member.email} already belongs to a project named "${name}". Choose another name.`,
      );
    }
  }
  const project = await renameProject(projectId, name);
  return summarise({ project: project!, role: access.role });
}

export async function remove(userId: number, projectId: number): Promise<void> {
  await projectAccess(userId, projectId, "own");
  await deleteProject(projectId);
  await revokeStreams(projectId, null, "project-deleted");
}

export async function members(userId: number, projectId: number): Promise<Member[]> {
  await projectAccess(userId, projectId, "read");
  return listMembers(projectId);
}

const LAST_OWNER = "A project always keeps at least one owner: make someone else an owner first.";

export async function changeRole(userId: number, projectId: number, memberId: number, role: ProjectRole): Promise<Member> {
  await projectAccess(userId, projectId, "own");
  const outcome = await changeMember(projectId, memberId, { role });
  if (outcome === "not-found") throw new DomainError("not-found", "This person is not a member of the project.");
  if (outcome === "last-owner") throw new DomainError("conflict", LAST_OWNER);
  await revokeStreams(projectId, memberId, "role-changed");
  return (await listMembers(projectId)).find((m) => m.userId === memberId)!;
}

/** Owners remove anyone; any member may leave (remove themselves). */
export async function removeMember(userId: number, projectId: number, memberId: number): Promise<void> {
  await projectAccess(userId, projectId, memberId === userId ? "read" : "own");
  const outcome = await changeMember(projectId, memberId, "remove");
  if (outcome === "not-found") throw new DomainError("not-found", "This person is not a member of the project.");
  if (outcome === "last-owner") throw new DomainError("conflict", LAST_OWNER);
  await revokeStreams(projectId, memberId, "removed");
}

export async function current(userId: number): Promise<ProjectSummary> {
  const membership = await currentMembership(userId);
  if (!membership) throw new DomainError("not-found", "No current project");
  return summarise(membership);
}

export async function makeCurrent(userId: number, projectId: number): Promise<ProjectSummary> {
  const membership = await findMembership(userId, projectId);
  if (!membership) throw new DomainError("not-found", NOT_A_PROJECT);
  await setCurrentProject(userId, projectId);
  return summarise(membership);
}
