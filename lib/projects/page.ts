import { headers } from "next/headers";
import { cache } from "react";
import { currentMembership, findMembership, listUserProjects, setCurrentProject } from "@/db/queries/projects";
import { getCurrentUser } from "@/lib/auth/current-user";
import type { PublicUser } from "@/lib/auth/session";
import { PROJECT_HEADER } from "@/lib/http/page-headers";
import type { ProjectAccess } from "./access";
import type { ProjectSummary } from "./schemas";
import { summarise } from "./service";

export type PageProjects = { user: PublicUser; projects: ProjectSummary[]; current: ProjectAccess | null };

/**
 * The signed-in user's projects and current project, for the pages of one
 * request (the layout's switcher and the page agree: React's cache makes it
 * one lookup). A link's ?project=<id> (passed on by proxy.ts) makes that
 * project current first, when the user is a member of it.
 */
export const pageProjects = cache(async (): Promise<PageProjects | null> => {
  const user = await getCurrentUser();
  if (!user) return null;
  const wanted = Number((await headers()).get(PROJECT_HEADER));
  if (Number.isInteger(wanted) && wanted > 0 && (await findMembership(user.id, wanted))) await setCurrentProject(user.id, wanted);
  const [memberships, current] = await Promise.all([listUserProjects(user.id), currentMembership(user.id)]);
  return {
    user,
    projects: memberships.map(summarise),
    current: current ? { id: current.project.id, name: current.project.name, role: current.role } : null,
  };
});
