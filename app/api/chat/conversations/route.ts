import type { assistantApi } from "@/lib/assistant/api";
import { conversationsOf } from "@/lib/assistant/conversations";
import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";

export const GET = route({ project: { from: "current", need: "read" } }, async ({ auth, project }) =>
  Response.json({ conversations: await conversationsOf({ userId: auth.user.id, projectId: project.id }) } satisfies ResponseOf<
    typeof assistantApi.conversations
  >),
);
