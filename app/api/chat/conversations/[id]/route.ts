import type { assistantApi } from "@/lib/assistant/api";
import { conversationParams, renameConversationSchema } from "@/lib/assistant/schemas";
import { openConversation, removeConversation, retitleConversation } from "@/lib/assistant/conversations";
import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";

const project = { from: "current", need: "read" } as const;

export const GET = route({ params: conversationParams, project }, async ({ auth, params, project }) =>
  Response.json({
    conversation: await openConversation(params.id, { userId: auth.user.id, projectId: project.id }),
  } satisfies ResponseOf<typeof assistantApi.conversation>),
);

export const PATCH = route({ params: conversationParams, project, body: renameConversationSchema }, async ({ auth, params, project, body }) =>
  Response.json({
    conversation: await retitleConversation(params.id, { userId: auth.user.id, projectId: project.id }, body.title),
  } satisfies ResponseOf<typeof assistantApi.renameConversation>),
);

export const DELETE = route({ params: conversationParams, project }, async ({ auth, params, project }) => {
  await removeConversation(params.id, { userId: auth.user.id, projectId: project.id });
  return Response.json({ ok: true } satisfies ResponseOf<typeof assistantApi.deleteConversation>);
});
