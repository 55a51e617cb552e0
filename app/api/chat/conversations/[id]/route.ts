import { openConversation, removeConversation, retitleConversation } from "@/lib/assistant/conversations";
import { assistantEndpoints } from "@/lib/assistant/endpoints";
import { route } from "@/lib/http/route";

export const GET = route(assistantEndpoints.conversation, async ({ auth, params, access }) => ({
  conversation: await openConversation(params.id, { userId: auth.user.id, projectId: access.id }),
}));

export const PATCH = route(assistantEndpoints.renameConversation, async ({ auth, params, access, body }) => ({
  conversation: await retitleConversation(params.id, { userId: auth.user.id, projectId: access.id }, body.title),
}));

export const DELETE = route(assistantEndpoints.deleteConversation, async ({ auth, params, access }) => {
  await removeConversation(params.id, { userId: auth.user.id, projectId: access.id });
  return { ok: true } as const;
});
