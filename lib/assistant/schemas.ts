import { z } from "zod";
import { MAX_VALUE_LENGTH } from "@/lib/datasets/schemas";
import { MAX_ID, storableText } from "@/lib/validation";
import { MAX_OUTCOMES_PER_REQUEST, MAX_TITLE_LENGTH } from "./api";

/** What the assistant's routes take and answer (the browser sees their types only, through ./api). */

// The chat client makes ids of letters, digits, "_" and "-"; anything else (a NUL, say) never reaches the database.
const conversationId = z
  .string({ error: "expected the conversation id" })
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, { error: "expected a conversation id of letters, digits, _ and -" });

/** What an engineer's click on a proposal card did (ActionOutcome of ./cards), as the browser reports it. */
const actionOutcomeSchema = z.object({
  ok: z.boolean(),
  message: storableText({ max: 2000 }),
  at: storableText({ max: 40 }),
  declined: z.boolean().optional(),
  conflict: z
    .object({
      rowId: z.number().int().min(1).max(MAX_ID),
      current: z.record(storableText({ max: 255 }), z.union([storableText({ max: MAX_VALUE_LENGTH }), z.number()])),
    })
    .optional(),
});

export const chatRequestSchema = z.object({
  id: conversationId,
  messages: z
    .array(z.unknown(), { error: "expected the engineer's new message as the last of messages" })
    .min(1, { error: "messages must end with the engineer's new message" })
    .meta({
      description:
        "The engineer's new message last (a UI message: id, role `user`, text parts). Nothing else is read: the server keeps the conversation " +
        "and sends the model what it stored. A message whose id is already stored replaces it and what followed (regenerate).",
    }),
  outcomes: z
    .array(z.object({ toolCallId: z.string().min(1).max(100), outcome: actionOutcomeSchema }))
    .max(MAX_OUTCOMES_PER_REQUEST)
    .optional()
    .meta({
      description:
        "What the engineer's Apply, Confirm or Discard did on the conversation's proposal cards, by tool call id: each is stored on its card " +
        "(a card keeps its first outcome; unknown ids are ignored).",
    }),
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
