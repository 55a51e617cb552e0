import { z } from "zod";
import { storableText } from "@/lib/validation";
import { MAX_TITLE_LENGTH } from "./api";

/** What the assistant's routes take and answer (the browser sees their types only, through ./api). */

// The chat client makes ids of letters, digits, "_" and "-"; anything else (a NUL, say) never reaches the database.
const conversationId = z
  .string({ error: "expected the conversation id" })
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, { error: "expected a conversation id of letters, digits, _ and -" });

export const chatRequestSchema = z.object({
  id: conversationId,
  messages: z.array(z.unknown(), { error: "expected the conversation's messages" }),
  trigger: z.enum(["submit-message", "regenerate-message"]).optional(),
  messageId: z.string().max(100).optional(),
});

/** `{id}` of the conversation routes: the id the browser made for the chat. */
export const conversationParams = z.object({ id: conversationId });

export const renameConversationSchema = z.object({
  title: storableText({ max: 1000, typeError: "expected the conversation's title as text" })
    .transform((v) => v.replace(/\s+/g, " ").trim())
    .pipe(
      z
        .string()
        .min(1, { error: "a conversation needs a title" })
        .max(MAX_TITLE_LENGTH, { error: `a conversation's title is at most ${MAX_TITLE_LENGTH} characters` }),
    ),
});

export const conversationSummarySchema = z
  .object({ id: z.string(), title: z.string(), updatedAt: z.string().meta({ format: "date-time", description: "When its last answer ended." }) })
  .meta({ id: "ConversationSummary" });

export const conversationDetailSchema = z.object({
  ...conversationSummarySchema.shape,
  messages: z.array(z.unknown()).meta({ description: "The conversation as the AI SDK's UI messages (what useChat holds), oldest first." }),
});
