import "server-only";
import { findMembership, type Membership } from "@/db/queries/projects";
import type { WantedProject } from "@/db/queries/sessions";
import type { ProjectRole } from "@/db/schema";
import { DomainError } from "@/lib/errors";
import { type Need, refusal } from "./roles";

export type { Need };

export type ProjectAccess = { id: number; name: string; role: ProjectRole };

export const NOT_A_PROJECT = "There is no such project, or you are not a member of it.";
export const NO_CURRENT_PROJECT = "No current project";

function check(membership: Membership, need: Need): ProjectAccess {
  const { project, role } = membership;
  const refused = refusal(role, need, project.name);
  if (refused) throw new DomainError("forbidden", refused, { role });
  return { id: project.id, name: project.name, role };
}

/**
 * The caller's access to a project, checked for what they want to do. A
 * user who is not a member gets "not found", never "forbidden": the
 * project's existence is not revealed to them.
 */
export async function projectAccess(userId: number, projectId: number, need: Need): Promise<ProjectAccess> {
  return accessFrom(await findMembership(userId, projectId), need, projectId);
}

/** Access from a membership already read (with the session, say; "current" for the current project of the spec's routes), answering as projectAccess does. */
export function accessFrom(membership: Membership | undefined, need: Need, project: WantedProject): ProjectAccess {
  if (!membership) throw new DomainError("not-found", project === "current" ? NO_CURRENT_PROJECT : NOT_A_PROJECT);
  return check(membership, need);
}
