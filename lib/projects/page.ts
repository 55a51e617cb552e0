import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { currentMembership, findMembership, listUserProjects } from "@/db/queries/projects";
import { getCurrentUser } from "@/lib/auth/current-user";
import type { PublicUser } from "@/lib/auth/session";
import { PROJECT_HEADER } from "@/lib/http/page-headers";
import type { ProjectAccess } from "./access";
import type { ProjectSummary } from "./schemas";
import { summarise } from "./service";

export type PageProjects = {
  user: PublicUser;
  projects: ProjectSummary[];
  /** The project this page shows: the one a link's ?project= names (to a member), else the current one. */
  current: ProjectAccess | null;
  /** The stored current project, which the switcher, the spec's routes and the add-in follow. */
  storedCurrentId: number | null;
};

/**
 * The signed-in user's projects and the project of this page, for the pages
 * of one request (the layout's switcher and the page agree: React's cache
 * makes it one lookup). A link's ?project=<id> (passed on by proxy.ts) shows
 * that project to a member on this page only: a GET never changes the stored
 * current project (a cross-site link could otherwise switch it); switching is
 * the switcher's PUT, offered by the notice the layout shows beside such a page.
 */
export const pageProjects = cache(async (): Promise<PageProjects | null> => {
  const user = await getCurrentUser();
  if (!user) return null;
  const wanted = Number((await headers()).get(PROJECT_HEADER));
  const [linked, memberships, stored] = await Promise.all([
    Number.isInteger(wanted) && wanted > 0 ? findMembership(user.id, wanted) : undefined,
    listUserProjects(user.id),
    currentMembership(user.id),
  ]);
  const shown = linked ?? stored;
  return {
    user,
    projects: memberships.map(summarise),
    current: shown ? { id: shown.project.id, name: shown.project.name, role: shown.role } : null,
    storedCurrentId: stored?.project.id ?? null,
  };
});
