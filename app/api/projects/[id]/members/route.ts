import { route } from "@/lib/http/route";
import { projectsEndpoints } from "@/lib/projects/endpoints";
import { invite } from "@/lib/projects/invitations";
import { members } from "@/lib/projects/service";

export const GET = route(projectsEndpoints.members, async ({ auth, params }) => ({ members: await members(auth.user.id, params.id) }));

/** Adding a member invites them: they become one when they accept. */
export const POST = route(projectsEndpoints.invite, async ({ auth, params, body }) => ({ invitation: await invite(auth.user.id, params.id, body) }));
