import { z } from "zod";
import { type ApiResult, apiRequest } from "@/lib/api-client";
import { datasetsApi } from "@/lib/datasets/api";
import { callApi, endpoint } from "@/lib/http/contract";
import { relayApi } from "@/lib/relay/api";
import { storableText } from "@/lib/validation";
import type { ActionOutcome, Proposal, RowEdit } from "./cards";
import type { DatasetRow } from "./context";
import type { AssistantUIMessage } from "./tools";

/**
 * The assistant's HTTP contract, in one place: paths, bodies, answers, and
 * the browser's client functions. Components use these, never `/api/` strings.
 */

/**
 * What useChat's DefaultChatTransport posts to `assistantApi.chat.path`. `id` is the conversation's.
 * The messages are checked in depth by streamAssistantReply (limits, then the SDK against the tools).
 */
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

export type ChatRequestBody = Omit<z.infer<typeof chatRequestSchema>, "messages"> & { messages: AssistantUIMessage[] };

/** A refusal of the chat route before any streaming: 400, 401, 403, 404, 413, 415, 429, or 503 when the assistant is not configured. */
export type ChatErrorBody = { error: string; notConfigured?: boolean };

/** The longest title of a conversation; a new one takes the start of its first message. */
export const MAX_TITLE_LENGTH = 120;

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

const conversationSummarySchema = z
  .object({ id: z.string(), title: z.string(), updatedAt: z.string().meta({ format: "date-time", description: "When its last answer ended." }) })
  .meta({ id: "ConversationSummary" });

const conversationDetailSchema = z.object({
  ...conversationSummarySchema.shape,
  messages: z.array(z.unknown()).meta({ description: "The conversation as the AI SDK's UI messages (what useChat holds), oldest first." }),
});

export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
export type ConversationDetail = ConversationSummary & { messages: AssistantUIMessage[] };

/** A refused chat request, with the server's `{error}` as the message. */
export class ChatHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly notConfigured: boolean,
  ) {
    super(message);
    this.name = "ChatHttpError";
  }
}

/**
 * fetch for the chat transport: the SDK would show a refused request's raw
 * body; this throws ChatHttpError with the server's sentence instead.
 */
export const chatFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, { ...init, credentials: "include" });
  if (response.ok) return response;
  let body: Partial<ChatErrorBody> = {};
  try {
    body = (await response.json()) as ChatErrorBody;
  } catch {
    /* a proxy's HTML page */
  }
  const message = typeof body.error === "string" ? body.error : `The server answered ${response.status} ${response.statusText}`.trim();
  throw new ChatHttpError(response.status, message, body.notConfigured === true);
};

// (callApi wants `params` even for a path without any.)
export const listConversations = () => callApi(assistantApi.conversations, { params: {} });
// The messages are what the SDK validated against the tools when the answer was made.
export const getConversation = async (id: string) =>
  (await callApi(assistantApi.conversation, { params: { id } })) as ApiResult<{ conversation: ConversationDetail }>;
export const renameConversation = (id: string, title: string) => callApi(assistantApi.renameConversation, { params: { id }, body: { title } });
export const deleteConversation = (id: string) => callApi(assistantApi.deleteConversation, { params: { id } });

// ---- what the cards' buttons do ------------------------------------------------

/** One row's part of an Apply: saved only if the row is still at `version`. */
export type RowEditRequest = { rowId: number; version: number; values: Record<string, string> };

export type ActionResult = { ok: true; message: string } | { ok: false; error: string; conflict?: { rowId: number; current: DatasetRow } };

/**
 * What the cards' buttons do, through the application's normal API and its
 * checks (role, Origin, versions). The assistant's server side has no way to
 * do any of it.
 */
export type AssistantActions = {
  applyRowEdits(dataset: string, rows: RowEditRequest[]): Promise<ActionResult>;
  pushToRevit(dataset: string, parameter?: string): Promise<ActionResult>;
  createMidasModel(): Promise<ActionResult>;
  runMidasAnalysis(): Promise<ActionResult>;
};

/** The edits of a proposal, one request per row, with the values Apply writes (radians on angle rows). */
export function rowEditRequests(edits: RowEdit[]): RowEditRequest[] {
  const byRow = new Map<number, RowEditRequest>();
  for (const edit of edits) {
    const request = byRow.get(edit.rowId) ?? { rowId: edit.rowId, version: edit.version, values: {} };
    request.values[edit.column] = edit.newStored;
    byRow.set(edit.rowId, request);
  }
  return [...byRow.values()];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The MIDAS routes the confirmation cards call (issues 11 and 12: lib/midas/api.ts declares them). */
export const midasActionPaths = {
  apply: (projectId: number) => `/api/projects/${projectId}/midas/apply`,
  analysis: (projectId: number) => `/api/projects/${projectId}/midas/analysis`,
} as const;

type MidasApplyAnswer = { runId: number | string; outcome: "applied" | "mismatch" | "failed"; tables?: Record<string, { outcome: string }>; error?: string };
type MidasAnalysisAnswer = { outcome: "done" | "failed"; error?: string };

/**
 * AssistantActions over the project-scoped routes of the project the page
 * shows: saves with the version check (409 carries the current row), pushes,
 * and the MIDAS build and analysis. Each one is the same call the
 * application's own screens make, with the same role checks.
 */
export function projectActions(projectId: number): AssistantActions {
  return {
    async applyRowEdits(dataset, rows) {
      let saved = 0;
      for (const row of rows) {
        const result = await callApi(datasetsApi.edit, {
          params: { id: projectId, ds: dataset, rowId: row.rowId },
          body: { data: { ...row.values, Version: row.version } },
        });
        if (!result.ok) {
          const current = result.status === 409 && result.body?.data && typeof result.body.data === "object" ? (result.body.data as DatasetRow) : undefined;
          const done = saved > 0 ? ` ${plural(saved, "row")} had already been saved.` : "";
          return { ok: false, error: `${result.error}${done}`, ...(current ? { conflict: { rowId: row.rowId, current } } : {}) };
        }
        saved++;
      }
      return {
        ok: true,
        message: `Saved ${plural(
          rows.reduce((n, r) => n + Object.keys(r.values).length, 0),
          "change",
        )} in ${plural(saved, "row")}.`,
      };
    },
    async pushToRevit(dataset, parameter) {
      const result = await callApi(relayApi.push, { params: { id: projectId }, body: { dataset, ...(parameter !== undefined ? { parameter } : {}) } });
      if (!result.ok) return { ok: false, error: result.error };
      const { rows, status, deliveredTo } = result.data;
      return {
        ok: true,
        message:
          status === "queued"
            ? `${plural(rows, "row")} queued: no add-in is connected yet.`
            : `${plural(rows, "row")} sent to ${plural(deliveredTo, "add-in")}.`,
      };
    },
    async createMidasModel() {
      const result = await apiRequest<MidasApplyAnswer>(midasActionPaths.apply(projectId), { method: "POST", body: {} });
      if (!result.ok) return { ok: false, error: midasRefusal(result) };
      const { outcome, tables = {}, error } = result.data;
      const count = Object.keys(tables).length;
      if (outcome === "applied") return { ok: true, message: `The MIDAS model was built: ${plural(count, "table")} written and read back unchanged.` };
      if (outcome === "mismatch") {
        const differing = Object.entries(tables)
          .filter(([, t]) => t.outcome !== "applied")
          .map(([name]) => name);
        return { ok: false, error: `The model was sent, but MIDAS holds something else in ${differing.join(", ") || "some tables"}: see the change log.` };
      }
      return { ok: false, error: error ?? "MIDAS did not build the model: see the change log." };
    },
    async runMidasAnalysis() {
      const result = await apiRequest<MidasAnalysisAnswer>(midasActionPaths.analysis(projectId), { method: "POST", body: {} });
      if (!result.ok) return { ok: false, error: midasRefusal(result) };
      if (result.data.outcome === "done") return { ok: true, message: "The analysis ran; its results can be read now." };
      return { ok: false, error: result.data.error ?? "The analysis failed in MIDAS." };
    },
  };
}

/** A refused MIDAS call: its sentence, with the problems the build lists (422). */
function midasRefusal(result: Extract<ApiResult<unknown>, { ok: false }>): string {
  if (result.status === 404 && result.body?.error === undefined) return "This server cannot build or run MIDAS models yet.";
  const problems = Array.isArray(result.body?.problems) ? (result.body.problems as { message?: unknown }[]) : [];
  if (problems.length === 0) return result.error;
  const first = problems
    .slice(0, 3)
    .map((p) => String(p.message ?? ""))
    .filter(Boolean);
  return `${result.error} ${first.join(" ")}${problems.length > 3 ? ` (and ${problems.length - 3} more: open Create Midas)` : ""}`.trim();
}

/**
 * Runs the engineer's decision on a proposal card through the actions and
 * says what came of it, for the tool's output (the card shows it, and the
 * model reads it on the next turn). Never throws.
 */
export async function decide(proposal: Proposal, decision: "confirm" | "discard", actions: AssistantActions, now: Date = new Date()): Promise<ActionOutcome> {
  const at = now.toISOString();
  if (decision === "discard") return { ok: false, declined: true, message: "The engineer discarded this proposal; nothing was changed.", at };
  if (!proposal.applicable) return { ok: false, message: proposal.reason, at };
  let result: ActionResult;
  try {
    if (proposal.kind === "rowEdits") result = await actions.applyRowEdits(proposal.dataset, rowEditRequests(proposal.edits));
    else if (proposal.action === "pushToRevit") result = await actions.pushToRevit(proposal.dataset ?? "", proposal.parameter);
    else if (proposal.action === "createMidasModel") result = await actions.createMidasModel();
    else result = await actions.runMidasAnalysis();
  } catch {
    result = { ok: false, error: "Cannot reach the server. Check your connection and try again." };
  }
  if (result.ok) return { ok: true, message: result.message, at };
  return { ok: false, message: result.error, at, ...(result.conflict ? { conflict: result.conflict } : {}) };
}

/** The message the chat sends for the engineer after Apply/Confirm, so the assistant hears what happened (as the engineer's words). */
export function actionReport(proposal: Proposal, outcome: ActionOutcome): string {
  const what = proposal.kind === "rowEdits" ? `Apply on the proposed changes to ${proposal.title}` : `Confirm on "${proposal.title}"`;
  return outcome.ok ? `I pressed ${what}. Result: ${outcome.message}` : `I pressed ${what}. It failed: ${outcome.message}`;
}

const tag = "Assistant";
const conversation = z.object({ conversation: conversationDetailSchema });

/** The assistant's routes: the chat (the SDK's protocol) and the user's stored conversations in the current project. */
export const assistantApi = {
  chat: endpoint({
    method: "POST",
    path: "/api/chat",
    summary: "Ask the assistant: the AI SDK's UI message stream protocol (server-sent events) over the current project",
    description:
      "The conversation `id` is made by the client; the conversation is stored under it when the answer ends (created with the first message). " +
      "404 when the id is another user's or another project's conversation, or when there is no current project.",
    tag,
    auth: true,
    body: chatRequestSchema,
    status: 200,
    response: null,
    produces: "text/event-stream",
    errors: [400, 401, 403, 404, 413, 415, 429, 503],
  }),
  conversations: endpoint({
    method: "GET",
    path: "/api/chat/conversations",
    summary: "Your conversations with the assistant in the current project, the most recently active first",
    tag,
    auth: true,
    status: 200,
    response: z.object({ conversations: z.array(conversationSummarySchema) }),
    errors: [401, 404],
  }),
  conversation: endpoint({
    method: "GET",
    path: "/api/chat/conversations/{id}",
    summary: "One of your conversations in the current project, with its messages",
    tag,
    auth: true,
    params: conversationParams,
    status: 200,
    response: conversation,
    errors: [401, 404],
  }),
  renameConversation: endpoint({
    method: "PATCH",
    path: "/api/chat/conversations/{id}",
    summary: "Rename one of your conversations",
    tag,
    auth: true,
    params: conversationParams,
    body: renameConversationSchema,
    status: 200,
    response: z.object({ conversation: conversationSummarySchema }),
    errors: [400, 401, 404, 415],
  }),
  deleteConversation: endpoint({
    method: "DELETE",
    path: "/api/chat/conversations/{id}",
    summary: "Delete one of your conversations (what was applied from it stays)",
    tag,
    auth: true,
    params: conversationParams,
    status: 200,
    response: z.object({ ok: z.literal(true) }),
    errors: [401, 404],
  }),
};
