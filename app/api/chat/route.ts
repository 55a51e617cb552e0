import { chatRequestSchema } from "@/lib/assistant/schemas";
import { AssistantRequestError, errorForLog, modelConfig, streamAssistantReply } from "@/lib/assistant/chat";
import { conversationLimits, prepareTurn, storeConversation } from "@/lib/assistant/conversations";
import { projectAssistantContext } from "@/lib/assistant/project-context";
import { countChatMessage } from "@/lib/auth/limits";
import { env } from "@/lib/env";
import { ApiError, route } from "@/lib/http/route";
import { midasReader } from "@/lib/midas/assistant-reader";

// Viewers may chat: what they cannot do, the tools mark on their cards and the API refuses.
// The server keeps the conversation: of the request's messages only the engineer's new one is read.
export const POST = route({ body: chatRequestSchema, project: { from: "current", need: "read" } }, async ({ body, request, auth, project, log }) => {
  const model = modelConfig(env());
  if (!model) throw new ApiError(503, "The assistant is not configured: set LLM_BASE_URL and LLM_MODEL (and LLM_API_KEY if needed).", { notConfigured: true });
  await countChatMessage(auth.user.id);
  const owner = { userId: auth.user.id, projectId: project.id };
  const messages = await prepareTurn(body, owner, conversationLimits());
  try {
    return await streamAssistantReply({
      model,
      messages,
      context: projectAssistantContext(auth.user, project, midasReader(auth.user.id, project)),
      abortSignal: request.signal,
      onFinish: async ({ messages }) => {
        try {
          if (!(await storeConversation(body.id, owner, messages)))
            log.warn({ conversation: body.id }, "conversation id taken by another user meanwhile: not stored");
        } catch (err) {
          log.error({ err: errorForLog(err), conversation: body.id }, "storing the conversation failed");
        }
      },
      onError: (err) => log.warn({ llmError: errorForLog(err) }, "assistant answer failed"),
    });
  } catch (error) {
    if (error instanceof AssistantRequestError) throw new ApiError(error.kind === "too-large" ? 413 : 400, error.message);
    throw error;
  }
});
