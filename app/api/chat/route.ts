import { AssistantRequestError, errorForLog, modelConfig, streamAssistantReply } from "@/lib/assistant/chat";
import { conversationLimits, prepareTurn, storeConversation } from "@/lib/assistant/conversations";
import { assistantEndpoints } from "@/lib/assistant/endpoints";
import { projectAssistantContext } from "@/lib/assistant/project-context";
import { countChatMessage } from "@/lib/auth/limits";
import { env } from "@/lib/env";
import { ApiError, route } from "@/lib/http/route";
import { midasReader } from "@/lib/midas/assistant-reader";

// The server keeps the conversation: of the request's messages only the engineer's new one is read.
export const POST = route(assistantEndpoints.chat, async ({ body, request, auth, access, log }) => {
  const model = modelConfig(env());
  if (!model) throw new ApiError(503, "The assistant is not configured: set LLM_BASE_URL and LLM_MODEL (and LLM_API_KEY if needed).", { notConfigured: true });
  await countChatMessage(auth.user.id);
  const owner = { userId: auth.user.id, projectId: access.id };
  const messages = await prepareTurn(body, owner, conversationLimits());
  try {
    return await streamAssistantReply({
      model,
      messages,
      context: projectAssistantContext(auth.user, access, midasReader(auth.user.id, access)),
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
