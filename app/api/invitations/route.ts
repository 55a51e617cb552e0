import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";
import type { projectsApi } from "@/lib/projects/api";
import { myInvitations } from "@/lib/projects/invitations";

export const GET = route({}, async ({ auth }) =>
  Response.json({ invitations: await myInvitations(auth.user) } satisfies ResponseOf<typeof projectsApi.myInvitations>),
);
