import { z } from "zod";
import { endpoint } from "@/lib/http/contract";
import { assistantRoutes } from "./api";
import { chatRequestSchema, conversationDetailSchema, conversationParams, conversationSummarySchema, renameConversationSchema } from "./schemas";

const tag = "Assistant";
// Viewers may chat and keep conversations: what they cannot do, the tools mark on their cards and the API refuses.
const project = { from: "current", need: "read" } as const;
const conversation = z.object({ conversation: conversationDetailSchema });

/** The assistant's routes: the chat (the SDK's protocol) and the user's stored conversations in the current project. */
export const assistantEndpoints = {
  chat: endpoint({
    ...assistantRoutes.chat,
    summary: "Ask the assistant: the AI SDK's UI message stream protocol (server-sent events) over the current project",
    description:
      "The conversation `id` is made by the client. The server keeps the conversation: it reads only the engineer's new message (the last of " +
      "`messages`) and the outcomes of decided cards, sends the model what it stored plus that message, and stores the answer when it ends " +
      "(a new conversation is created with its first message). " +
      "404 when the id is another user's or another project's conversation, or when there is no current project; " +
      "400 when the last message is not the engineer's text; " +
      "413 when a message passes 8,000 characters or the conversation would pass CHAT_MAX_CONVERSATION_BYTES (`limit`: start a new conversation); " +
      "429 past CHAT_MESSAGES_PER_MINUTE (with Retry-After) or, for a new conversation, past CHAT_MAX_CONVERSATIONS_PER_PROJECT (`limit`: delete old ones).",
    tag,
    auth: true,
    project,
    body: chatRequestSchema,
    status: 200,
    response: null,
    produces: "text/event-stream",
    errors: [400, 401, 403, 404, 413, 415, 429, 503],
  }),
  conversations: endpoint({
    ...assistantRoutes.conversations,
    summary: "Your conversations with the assistant in the current project, the most recently active first",
    tag,
    auth: true,
    project,
    status: 200,
    response: z.object({ conversations: z.array(conversationSummarySchema) }),
    errors: [401, 404],
  }),
  conversation: endpoint({
    ...assistantRoutes.conversation,
    summary: "One of your conversations in the current project, with its messages",
    tag,
    auth: true,
    project,
    params: conversationParams,
    status: 200,
    response: conversation,
    errors: [401, 404],
  }),
  renameConversation: endpoint({
    ...assistantRoutes.renameConversation,
    summary: "Rename one of your conversations",
    tag,
    auth: true,
    project,
    params: conversationParams,
    body: renameConversationSchema,
    status: 200,
    response: z.object({ conversation: conversationSummarySchema }),
    errors: [400, 401, 404, 415],
  }),
  deleteConversation: endpoint({
    ...assistantRoutes.deleteConversation,
    summary: "Delete one of your conversations (what was applied from it stays)",
    tag,
    auth: true,
    project,
    params: conversationParams,
    status: 200,
    response: z.object({ ok: z.literal(true) }),
    errors: [401, 404],
  }),
};
