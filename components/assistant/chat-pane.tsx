"use client";

import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport } from "ai";
import { ArrowUpIcon, BotIcon, CheckIcon, CopyIcon, LoaderCircleIcon, RefreshCwIcon, SquareIcon, TriangleAlertIcon } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { type AssistantActions, actionReport, decide } from "@/lib/assistant/actions";
import { assistantApi, ChatHttpError, chatFetch, chatRequestBody } from "@/lib/assistant/api";
import type { Proposal } from "@/lib/assistant/cards";
import { checkMessageText, MAX_MESSAGE_CHARS } from "@/lib/assistant/limits";
import type { AssistantUIMessage } from "@/lib/assistant/tools";
import { cn } from "@/lib/utils";
import { Markdown } from "./markdown";
import { NotConfigured } from "./not-configured";
import { type ProposalDecision, ToolCard, type ToolPart, toolName } from "./tool-cards";

export const SUGGESTIONS = [
  "What is the bending strength of a 300 × 450 beam, f'c 32 MPa, with 1800 mm² at 390 mm depth?",
  "Tension lap length of N16 bars in f'c 40 concrete with cd 50 mm?",
  "Which tables does this project have?",
  "Show the pier rows.",
];

const isToolPart = (part: AssistantUIMessage["parts"][number]): part is ToolPart => part.type.startsWith("tool-") && "toolCallId" in part;

function textOf(message: AssistantUIMessage): string {
  return message.parts
    .flatMap((p) => (p.type === "text" ? [p.text] : []))
    .join("\n\n")
    .trim();
}

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-label={copied ? "Copied" : "Copy the answer"}
      title="Copy"
      onClick={async () => {
        await navigator.clipboard.writeText(text);
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      }}
    >
      {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
    </Button>
  );
}

export type ChatPaneProps = {
  /** The conversation's id; the server stores the conversation under it. */
  chatId: string;
  initialMessages: AssistantUIMessage[];
  actions: AssistantActions;
  /** False: the server has no model configured; the pane explains how to set one up instead of offering a composer. */
  configured: boolean;
  /** An answer ended (or was stopped): the conversation changed on the server. */
  onAnswerFinished?: (chatId: string) => void;
  /** Opens a new, empty conversation (offered when this one is full). */
  onNewChat?: () => void;
};

/**
 * One conversation: the messages with their tool cards, streaming with Stop,
 * copy and regenerate, and the composer. Talks to the server only through
 * the AI SDK's chat transport (POST assistantApi.chat), which sends the new
 * message only: the server keeps the conversation.
 */
export function ChatPane({ chatId, initialMessages, actions, configured, onAnswerFinished, onNewChat }: ChatPaneProps) {
  const transport = useMemo(
    () =>
      new DefaultChatTransport<AssistantUIMessage>({
        api: assistantApi.chat.path,
        fetch: chatFetch,
        prepareSendMessagesRequest: ({ id, messages, trigger, messageId }) => ({ body: chatRequestBody({ id, messages, trigger, messageId }) }),
      }),
    [],
  );
  const finished = useRef(onAnswerFinished);
  useEffect(() => {
    finished.current = onAnswerFinished;
  }, [onAnswerFinished]);
  const { messages, sendMessage, status, stop, regenerate, error, clearError, addToolOutput } = useChat<AssistantUIMessage>({
    id: chatId,
    messages: initialMessages,
    transport,
    onFinish: () => finished.current?.(chatId),
  });
  const busy = status === "submitted" || status === "streaming";
  const [input, setInput] = useState("");
  const problem = input.length > MAX_MESSAGE_CHARS ? checkMessageText(input) : null;
  const notConfigured = !configured || (error instanceof ChatHttpError && error.notConfigured);

  const scroller = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  useEffect(() => {
    const el = scroller.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [messages, status]);

  const send = (text: string) => {
    if (busy || checkMessageText(text) !== null) return;
    clearError();
    pinned.current = true;
    void sendMessage({ text });
    setInput("");
  };

  const statusRef = useRef(status);
  useEffect(() => {
    statusRef.current = status;
  }, [status]);

  // The engineer's click runs the action through the application's API; the outcome goes into the
  // tool's output (the SDK's way for results from the browser), so the card shows it for good. After
  // Apply/Confirm the chat also says what happened, as the engineer: the assistant answers, and the
  // server stores the conversation with the outcome. (A message, not a continuation of the
  // assistant's own turn, which some OpenAI-compatible servers treat as a prefix to complete.)
  const onDecide = async (part: ToolPart, decision: ProposalDecision) => {
    const proposal = part.output as Proposal;
    const outcome = await decide(proposal, decision, actions);
    await addToolOutput({ tool: toolName(part), toolCallId: part.toolCallId, output: { ...proposal, outcome } } as Parameters<typeof addToolOutput>[0]);
    if (decision === "confirm" && (statusRef.current === "ready" || statusRef.current === "error")) {
      clearError();
      pinned.current = true;
      void sendMessage({ text: actionReport(proposal, outcome), metadata: { actionReport: true } });
    }
  };

  const lastAssistant = messages.findLast((m) => m.role === "assistant")?.id;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div
        ref={scroller}
        className="min-h-0 flex-1 overflow-y-auto px-3 py-4 md:px-6"
        onScroll={(e) => {
          const el = e.currentTarget;
          pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
        }}
        aria-live="polite"
        aria-busy={busy}
      >
        <div className="mx-auto grid max-w-3xl gap-4">
          {messages.length === 0 && !notConfigured && (
            <div className="grid gap-4 py-8 text-center">
              <BotIcon className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
              <div>
                <h2 className="text-lg font-semibold">Ask the engineering assistant</h2>
                <p className="text-sm text-muted-foreground">
                  It runs Pontifex&apos;s own AS 3600 calculations, reads and proposes changes to your project&apos;s tables, and prepares MIDAS actions.
                  Nothing changes until you press Apply or Confirm.
                </p>
              </div>
              <ul className="grid gap-2 sm:grid-cols-2">
                {SUGGESTIONS.map((s) => (
                  <li key={s}>
                    <button
                      type="button"
                      className="h-full w-full rounded-lg border bg-card p-3 text-left text-sm text-card-foreground hover:bg-accent"
                      onClick={() => send(s)}
                    >
                      {s}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {messages.map((message) =>
            message.role === "user" && message.metadata?.actionReport ? (
              <p key={message.id} className="mx-auto flex max-w-[85%] items-center gap-2 text-center text-xs text-muted-foreground">
                <CheckIcon className="size-3.5 shrink-0" aria-hidden="true" />
                {textOf(message)}
              </p>
            ) : message.role === "user" ? (
              <div
                key={message.id}
                className="ml-auto max-w-[85%] rounded-2xl rounded-br-sm bg-primary px-4 py-2 text-sm whitespace-pre-wrap text-primary-foreground"
              >
                {textOf(message)}
              </div>
            ) : !message.parts.some((p) => p.type === "text" || isToolPart(p)) ? null : (
              <article key={message.id} className="group grid min-w-0 gap-1" aria-label="Answer">
                {message.parts.map((part, i) => {
                  if (part.type === "text") return <Markdown key={i} text={part.text} />;
                  if (isToolPart(part)) return <ToolCard key={part.toolCallId} part={part} onDecide={onDecide} />;
                  return null;
                })}
                {!(busy && message.id === messages.at(-1)?.id) && (
                  <div className="flex gap-1 text-muted-foreground">
                    {textOf(message) && <CopyButton text={textOf(message)} />}
                    {message.id === lastAssistant && (
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label="Regenerate the answer"
                        title="Regenerate"
                        disabled={busy}
                        onClick={() => void regenerate()}
                      >
                        <RefreshCwIcon aria-hidden="true" />
                      </Button>
                    )}
                  </div>
                )}
              </article>
            ),
          )}
          {status === "submitted" && (
            <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
              Thinking...
            </p>
          )}
          {error && !notConfigured && (
            <Alert variant="destructive">
              <TriangleAlertIcon aria-hidden="true" />
              <AlertTitle>The answer failed</AlertTitle>
              <AlertDescription>
                <p>{error.message}</p>
                {error instanceof ChatHttpError && error.status === 413 && onNewChat && (
                  <Button size="sm" variant="outline" className="mt-2" onClick={onNewChat}>
                    Start a new conversation
                  </Button>
                )}
                {!(error instanceof ChatHttpError && !error.retryable) && (
                  <Button
                    size="sm"
                    variant="outline"
                    className="mt-2"
                    onClick={() => {
                      clearError();
                      void regenerate();
                    }}
                  >
                    Try again
                  </Button>
                )}
              </AlertDescription>
            </Alert>
          )}
        </div>
      </div>
      {notConfigured ? (
        <div className="border-t px-3 py-4">
          <NotConfigured />
        </div>
      ) : (
        <form
          className="border-t px-3 py-3 md:px-6"
          onSubmit={(e) => {
            e.preventDefault();
            send(input);
          }}
        >
          <div className="mx-auto flex max-w-3xl items-end gap-2">
            <label htmlFor="assistant-input" className="sr-only">
              Message to the assistant
            </label>
            <Textarea
              id="assistant-input"
              value={input}
              onChange={(e) => setInput(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  send(input);
                }
              }}
              placeholder="Ask for a calculation, a table's values, or a change..."
              className={cn("max-h-48 min-h-11 resize-none", problem && "border-destructive")}
              aria-invalid={problem !== null}
              aria-describedby={problem ? "assistant-input-problem" : undefined}
              rows={1}
            />
            {busy ? (
              <Button type="button" size="icon" variant="outline" onClick={() => void stop()} aria-label="Stop the answer" title="Stop">
                <SquareIcon className="fill-current" aria-hidden="true" />
              </Button>
            ) : (
              <Button type="submit" size="icon" disabled={checkMessageText(input) !== null} aria-label="Send" title="Send (Enter)">
                <ArrowUpIcon aria-hidden="true" />
              </Button>
            )}
          </div>
          {problem && (
            <p id="assistant-input-problem" className="mx-auto mt-1 max-w-3xl text-xs text-destructive" role="alert">
              {problem}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
