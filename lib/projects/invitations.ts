/**
 * Membership by invitation (DECISIONS 22): an owner invites an e-mail address; whoever holds it becomes a member
 * only by accepting on /settings. The owner learns nothing about the address (one answer whether it has an account
 * or not, and nothing of the invited person's other projects); a clash of project names is the invited person's
 * own business, told to them when they accept.
 */
import "server-only";
import {
  acceptInvitation,
  declineInvitation,
  deleteProjectInvitation,
  listInvitationsFor,
  listProjectInvitations,
  type SentInvitation,
  upsertInvitation,
} from "@/db/queries/invitations";
import { listMembers } from "@/db/queries/projects";
import type { ProjectRole } from "@/db/schema";
import { personName } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { DomainError } from "@/lib/errors";
import { projectAccess } from "./access";
import type { InvitationView, ProjectSummary, SentInvitationView } from "./schemas";
import { summarise } from "./service";

const DAY_MS = 24 * 60 * 60 * 1000;

export const NO_INVITATION = "There is no such invitation for you: it was withdrawn, answered, or has expired.";

const sent = (i: SentInvitation): SentInvitationView => ({
  id: i.id,
  email: i.email,
  role: i.role,
  createdAt: i.createdAt.toISOString(),
  expiresAt: i.expiresAt.toISOString(),
});

/** Invites an address (owners): 409 when it is a member already, 429 past MAX_PENDING_INVITATIONS. */
export async function invite(userId: number, projectId: number, input: { email: string; role: ProjectRole }): Promise<SentInvitationView> {
  await projectAccess(userId, projectId, "own");
  // Members are listed to the owner anyway: saying so reveals nothing new.
  if ((await listMembers(projectId)).some((m) => m.email === input.email)) {
    throw new DomainError("conflict", `${input.email} is already a member of this project.`);
  }
  const { INVITATION_DAYS, MAX_PENDING_INVITATIONS } = env();
  const now = new Date();
  const invitation = await upsertInvitation(
    { projectId, email: input.email, role: input.role, invitedBy: userId, expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS) },
    MAX_PENDING_INVITATIONS,
    now,
  );
  if (invitation === "full") {
    throw new DomainError(
      "rate-limited",
      `This project already has ${MAX_PENDING_INVITATIONS} pending invitations (MAX_PENDING_INVITATIONS): withdraw some on Settings before inviting more.`,
      { limit: MAX_PENDING_INVITATIONS },
    );
  }
  return sent(invitation);
}

/** The project's pending invitations (owners). */
export async function projectInvitations(userId: number, projectId: number): Promise<SentInvitationView[]> {
  await projectAccess(userId, projectId, "own");
  return (await listProjectInvitations(projectId)).map(sent);
}

/** Withdraws a pending invitation (owners). */
export async function withdraw(userId: number, projectId: number, invitationId: string): Promise<void> {
  await projectAccess(userId, projectId, "own");
  if (!(await deleteProjectInvitation(projectId, invitationId))) throw new DomainError("not-found", "There is no such pending invitation in this project.");
}

/** The invitations waiting for the signed-in person's answer. */
export async function myInvitations(user: { email: string }): Promise<InvitationView[]> {
  return (await listInvitationsFor(user.email)).map((i) => ({
    id: i.id,
    project: i.project,
    role: i.role,
    invitedBy: i.invitedBy ? { name: personName(i.invitedBy), email: i.invitedBy.email } : null,
    createdAt: i.createdAt.toISOString(),
    expiresAt: i.expiresAt.toISOString(),
  }));
}

/** Accepts: the person becomes a member with the invitation's role. 409 when one of their projects has its name. */
export async function accept(user: { id: number; email: string }, invitationId: string): Promise<ProjectSummary> {
  const outcome = await acceptInvitation(invitationId, user);
  if (outcome.outcome === "not-found") throw new DomainError("not-found", NO_INVITATION);
  if (outcome.outcome === "name-taken") {
    throw new DomainError("conflict", `You already have a project named "${outcome.name}": rename yours first, then accept.`);
  }
  return summarise({ project: outcome.project, role: outcome.role });
}

export async function decline(user: { email: string }, invitationId: string): Promise<void> {
  if (!(await declineInvitation(invitationId, user.email))) throw new DomainError("not-found", NO_INVITATION);
}
