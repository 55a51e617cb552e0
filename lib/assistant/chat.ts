import "server-only";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import {
  APICallError,
  consumeStream,
  convertToModelMessages,
  createIdGenerator,
  createUIMessageStreamResponse,
  InvalidToolInputError,
  JSONParseError,
  NoSuchToolError,
  RetryError,
  safeValidateUIMessages,
  stepCountIs,
  streamText,
  TypeValidationError,
  type UIMessageChunk,
} from "ai";
import type { AssistantContext } from "./context";
import { systemPrompt } from "./prompt";
import { checkChatMessages } from "./limits";
import { type AssistantUIMessage, assistantTools, ToolFailure } from "./tools";

export {
  checkChatMessages,
  checkMessageText,
  checkNewMessage,
  type LimitCheck,
  MAX_HISTORY_BYTES,
  MAX_HISTORY_MESSAGES,
  MAX_MESSAGE_CHARS,
  messageText,
} from "./limits";

/** Model calls per answer: each tool round trip is one; the last one may not call tools, so the answer ends in words. */
export const MAX_TOOL_STEPS = 6;
/** No data from the model for this long ends the answer with an error. Local models can take a while to load. */
export const DEFAULT_IDLE_TIMEOUT_MS = 90_000;
export const DEFAULT_TOTAL_TIMEOUT_MS = 300_000;

export type ModelConfig = { baseURL: string; apiKey?: string; model: string };

/** The model settings from the environment, or null when the assistant is not configured (LLM_BASE_URL and LLM_MODEL are both needed). */
export function modelConfig(
  env: Partial<Record<"LLM_BASE_URL" | "LLM_API_KEY" | "LLM_MODEL", string | undefined>> & Record<string, unknown>,
): ModelConfig | null {
  const baseURL = env.LLM_BASE_URL?.trim();
  const model = env.LLM_MODEL?.trim();
  if (!baseURL || !model) return null;
  const apiKey = env.LLM_API_KEY?.trim();
  return { baseURL: baseURL.replace(/\/+$/, ""), model, ...(apiKey ? { apiKey } : {}) };
}

/** A request the route refuses: "invalid" → 400, "too-large" → 413 (the kinds of lib/errors). */
export class AssistantRequestError extends Error {
  constructor(
    readonly kind: "invalid" | "too-large",
    message: string,
  ) {
    super(message);
    this.name = "AssistantRequestError";
  }
}

const PROVIDER = "the language model service";

/** What the engineer reads when an answer fails: never a stack, an address or a key. */
export function describeError(error: unknown): string {
  if (error instanceof ToolFailure) return error.message;
  // The SDK's own words for a bad tool call (it reports those as text).
  if (typeof error === "string") return error.split("\n")[0]!.slice(0, 300);
  if (RetryError.isInstance(error)) return describeError(error.lastError);
  if (InvalidToolInputError.isInstance(error)) return `The assistant called ${error.toolName} with inputs the tool does not accept: ${firstIssue(error.cause)}`;
  if (NoSuchToolError.isInstance(error)) return `The assistant asked for a tool that does not exist (${error.toolName}).`;
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (status === undefined) return `Cannot reach ${PROVIDER}. Check that it is running and that LLM_BASE_URL points to it.`;
    if (status === 401 || status === 403) return `${cap(PROVIDER)} refused the credentials (HTTP ${status}). Check LLM_API_KEY.`;
    if (status === 404) return `${cap(PROVIDER)} does not know this model or address (HTTP 404). Check LLM_MODEL and LLM_BASE_URL.`;
    if (status === 429) return `${cap(PROVIDER)} is busy or out of quota (HTTP 429). Try again in a moment.`;
    if (status >= 500) return `${cap(PROVIDER)} failed (HTTP ${status}). Try again in a moment.`;
    return `${cap(PROVIDER)} refused the request (HTTP ${status}).`;
  }
  if (JSONParseError.isInstance(error) || TypeValidationError.isInstance(error)) return `${cap(PROVIDER)} sent an answer that could not be read.`;
  return "The assistant failed. Try again.";
}

/**
 * A failure as the server's log records it: what and where, not the request
 * (the SDK's errors carry the whole conversation and system prompt; none
 * carries the key, which only travels in a request header).
 */
export function errorForLog(error: unknown): Record<string, unknown> {
  if (RetryError.isInstance(error)) return { ...errorForLog(error.lastError), attempts: error.errors.length };
  if (APICallError.isInstance(error)) return { type: error.name, message: error.message.slice(0, 300), statusCode: error.statusCode, url: error.url };
  if (error instanceof Error) return { type: error.name, message: error.message.slice(0, 300) };
  return { type: typeof error, message: String(error).slice(0, 300) };
}

function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function firstIssue(cause: unknown): string {
  // InvalidToolInputError → TypeValidationError → ZodError
  let current = cause as { issues?: { path?: unknown[]; message?: string }[]; cause?: unknown } | undefined;
  for (let depth = 0; current && !current.issues && depth < 3; depth++) current = current.cause as typeof current;
  const issue = current?.issues?.[0];
  if (!issue) return "they do not match its schema.";
  const path = issue.path?.map(String).join(".");
  return path ? `${path}: ${issue.message}` : String(issue.message);
}

export type StreamAssistantReplyOptions = {
  model: ModelConfig;
  /** The whole conversation as the server built it (prepareTurn: what it stored, the engineer's new message last). */
  messages: unknown;
  context: AssistantContext;
  /** The request's signal: the engineer's Stop (or a closed tab) cancels the model call. */
  abortSignal?: AbortSignal;
  /** Called once the answer ends (also when stopped): the conversation to store. */
  onFinish?: (event: { messages: AssistantUIMessage[]; isAborted: boolean }) => void | Promise<void>;
  /** Called with every provider or tool failure, for the server's log; the stream carries describeError's text. */
  onError?: (error: unknown) => void;
  idleTimeoutMs?: number;
  totalTimeoutMs?: number;
  /** Retries of a failed model call (connection refused, 5xx, 429). */
  maxRetries?: number;
};

const generateMessageId = createIdGenerator({ prefix: "msg", size: 16 });

/**
 * Streams the assistant's answer as the AI SDK's UI message stream (what
 * useChat reads). Throws AssistantRequestError before anything is streamed
 * when the messages break the limits or do not match the tools; everything
 * after (provider down, slow, refusing, a tool failing) arrives in the
 * stream as an error the chat shows.
 */
export async function streamAssistantReply(options: StreamAssistantReplyOptions): Promise<Response> {
  // Its size (CHAT_MAX_CONVERSATION_BYTES) was checked where it was built, before a new conversation was stored.
  const checked = checkChatMessages(options.messages, Number.POSITIVE_INFINITY);
  if (!checked.ok) throw new AssistantRequestError(checked.kind, checked.error);
  const tools = assistantTools(options.context);
  const validated = await safeValidateUIMessages<AssistantUIMessage>({ messages: checked.messages, tools });
  if (!validated.success) throw new AssistantRequestError("invalid", `The conversation could not be read: ${validated.error.message.split("\n")[0]}`);
  const messages = validated.data;

  const watchdog = new Watchdog(options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS, options.totalTimeoutMs ?? DEFAULT_TOTAL_TIMEOUT_MS);
  const signals = [watchdog.signal, ...(options.abortSignal ? [options.abortSignal] : [])];
  options.abortSignal?.addEventListener("abort", () => watchdog.stop(), { once: true });

  // The SDK hands one failure to both callbacks, and then its own echo of the error chunk: report it once.
  const seen = new WeakSet<object>();
  const described = new Set<string>();
  const report = (error: unknown) => {
    if (error instanceof ToolFailure || (error instanceof Error && described.has(error.message))) return;
    if (typeof error === "object" && error !== null) {
      if (seen.has(error)) return;
      seen.add(error);
    }
    options.onError?.(error);
  };

  const provider = createOpenAICompatible({ name: "llm", baseURL: options.model.baseURL, apiKey: options.model.apiKey, includeUsage: true });
  const result = streamText({
    model: provider.chatModel(options.model.model),
    system: systemPrompt(options.context),
    messages: await convertToModelMessages(messages, { tools, ignoreIncompleteToolCalls: true }),
    tools,
    stopWhen: stepCountIs(MAX_TOOL_STEPS),
    // The last step answers in words with what the tools gave, instead of ending on a tool call.
    prepareStep: ({ stepNumber }) => (stepNumber >= MAX_TOOL_STEPS - 1 ? { activeTools: [], toolChoice: "none" } : undefined),
    abortSignal: AbortSignal.any(signals),
    maxRetries: options.maxRetries ?? 1,
    onError: ({ error }) => report(error),
  });

  const stream = result.toUIMessageStream<AssistantUIMessage>({
    originalMessages: messages,
    generateMessageId,
    sendReasoning: false,
    onError: (error) => {
      report(error);
      const text = describeError(error);
      described.add(text);
      return text;
    },
    onFinish: async ({ messages: finished, isAborted }) => {
      watchdog.stop();
      await options.onFinish?.({ messages: finished, isAborted });
    },
  });
  // A copy of the stream is read to its end on the server, so onFinish (which stores the conversation)
  // runs even when the browser goes away before the answer is done.
  return createUIMessageStreamResponse({ stream: stream.pipeThrough(watchdog.transform()), consumeSseStream: consumeStream });
}

/**
 * Ends an answer whose model went quiet. The SDK reports its own timeouts as
 * an abort, which the chat would show as a quiet stop; this one turns into an
 * error message the engineer can read.
 */
class Watchdog {
  private readonly controller = new AbortController();
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly totalTimer: ReturnType<typeof setTimeout>;
  private message: string | null = null;
  readonly signal = this.controller.signal;

  constructor(
    private readonly idleMs: number,
    totalMs: number,
  ) {
    this.totalTimer = setTimeout(() => this.fire(`The answer took longer than ${seconds(totalMs)} and was stopped. Try a shorter question.`), totalMs);
    this.kick();
  }

  private fire(message: string) {
    this.message = message;
    this.controller.abort(new DOMException(message, "TimeoutError"));
  }

  private kick() {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(
      () => this.fire(`${cap(PROVIDER)} sent nothing for ${seconds(this.idleMs)} and the answer was stopped. Try again.`),
      this.idleMs,
    );
  }

  stop() {
    clearTimeout(this.idleTimer);
    clearTimeout(this.totalTimer);
  }

  transform(): TransformStream<UIMessageChunk, UIMessageChunk> {
    let reported = false;
    const report = (controller: TransformStreamDefaultController<UIMessageChunk>) => {
      if (reported || this.message === null) return;
      reported = true;
      controller.enqueue({ type: "error", errorText: this.message });
    };
    return new TransformStream({
      transform: (chunk, controller) => {
        if (this.message !== null && (chunk.type === "abort" || chunk.type === "error")) return report(controller);
        if (this.message === null) this.kick();
        controller.enqueue(chunk);
      },
      flush: (controller) => {
        this.stop();
        report(controller);
      },
    });
  }
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
