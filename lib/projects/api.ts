import { typedRoutes } from "@/lib/http/contract";
import type { projectsEndpoints } from "./endpoints";

/** Projects and their members: the contract of /api/projects: where each call goes (what it takes and answers: ./endpoints). */
export const projectsRoutes = {
  list: { method: "GET", path: "/api/projects" },
  create: { method: "POST", path: "/api/projects" },
  current: { method: "GET", path: "/api/projects/current" },
  setCurrent: { method: "PUT", path: "/api/projects/current" },
  get: { method: "GET", path: "/api/projects/{id}" },
  rename: { method: "PATCH", path: "/api/projects/{id}" },
  remove: { method: "DELETE", path: "/api/projects/{id}" },
  members: { method: "GET", path: "/api/projects/{id}/members" },
  invite: { method: "POST", path: "/api/projects/{id}/members" },
  projectInvitations: { method: "GET", path: "/api/projects/{id}/invitations" },
  withdrawInvitation: { method: "DELETE", path: "/api/projects/{id}/invitations/{invitationId}" },
  myInvitations: { method: "GET", path: "/api/invitations" },
  acceptInvitation: { method: "POST", path: "/api/invitations/{invitationId}/accept" },
  declineInvitation: { method: "POST", path: "/api/invitations/{invitationId}/decline" },
  changeMember: { method: "PATCH", path: "/api/projects/{id}/members/{userId}" },
  removeMember: { method: "DELETE", path: "/api/projects/{id}/members/{userId}" },
} as const;

/** The longest name of a project. */
export const MAX_PROJECT_NAME = 120;

/** The routes as the browser calls them, typed by their endpoints' schemas (zod itself stays on the server). */
export const projectsApi = typedRoutes<typeof projectsEndpoints>(projectsRoutes);
