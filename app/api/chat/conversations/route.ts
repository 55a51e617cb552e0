import { conversationsOf } from "@/lib/assistant/conversations";
import { assistantEndpoints } from "@/lib/assistant/endpoints";
import { route } from "@/lib/http/route";

export const GET = route(assistantEndpoints.conversations, async ({ auth, access }) => ({
  conversations: await conversationsOf({ userId: auth.user.id, projectId: access.id }),
}));
