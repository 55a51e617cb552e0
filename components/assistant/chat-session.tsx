"use client";

import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport } from "ai";
import { CheckIcon, CopyIcon, RefreshCwIcon, TriangleAlertIcon } from "lucide-react";
import { type Ref, useEffect, useImperativeHandle, useMemo, useRef, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { type AssistantActions, actionReport, decide, projectActions } from "@/lib/assistant/actions";
import { assistantApi, ChatHttpError, chatFetch, chatRequestBody } from "@/lib/assistant/api";
import type { Proposal } from "@/lib/assistant/cards";
import type { AssistantUIMessage } from "@/lib/assistant/tools";
import { Thinking, UserMessage } from "./chat-parts";
import { Markdown } from "./markdown";
import { type ProposalDecision, ToolCard, type ToolPart, toolName } from "./tool-cards";

/** What the composer (in the page's first scripts) asks of the session. */
export type ChatControls = { send: (text: string) => void; stop: () => void };

/** What the composer shows from the session: Stop while an answer comes, the set-up notice when the server has no model. */
export type ChatSessionState = { busy: boolean; notConfigured: boolean };

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

export type ChatSessionProps = {
  ref: Ref<ChatControls>;
  chatId: string;
  initialMessages: AssistantUIMessage[];
  /** A message the engineer sent before this code had loaded: sent as the session starts. */
  first?: AssistantUIMessage;
  projectId: number;
  /** Defaults to the project's routes (projectActions). */
  actions?: AssistantActions;
  /** The pane follows the end of the conversation again (a message sent). */
  follow: () => void;
  /** Scrolls the pane to the end if it follows it (the conversation grew). */
  keepAtEnd: () => void;
  onState: (state: ChatSessionState) => void;
  onAnswerFinished?: (chatId: string) => void;
  onNewChat?: () => void;
};

/**
 * One conversation's messages with their tool cards, streaming, copy and
 * regenerate: the AI SDK's useChat, with the Markdown and the cards. Talks to
 * the server only through the SDK's chat transport (POST assistantApi.chat),
 * which sends the new message only: the server keeps the conversation. Its
 * own chunk, so the page's first scripts are the composer alone (chat-pane).
 */
export default function ChatSession({
  ref,
  chatId,
  initialMessages,
  first,
  projectId,
  actions,
  follow,
  keepAtEnd,
  onState,
  onAnswerFinished,
  onNewChat,
}: ChatSessionProps) {
  const transport = useMemo(
    () =>
      new DefaultChatTransport<AssistantUIMessage>({
        api: assistantApi.chat.path,
        fetch: chatFetch,
        prepareSendMessagesRequest: ({ id, messages, trigger, messageId }) => ({ body: chatRequestBody({ id, messages, trigger, messageId }) }),
      }),
    [],
  );
  const resolvedActions = useMemo(() => actions ?? projectActions(projectId), [actions, projectId]);
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
  // Until the SDK has it, the first message shows as the composer showed it, and counts as being answered.
  const waiting = first !== undefined && !messages.some((m) => m.id === first.id);
  const busy = status === "submitted" || status === "streaming" || waiting;
  const notConfigured = error instanceof ChatHttpError && error.notConfigured;
  useEffect(() => onState({ busy, notConfigured }), [busy, notConfigured, onState]);

  useImperativeHandle(
    ref,
    () => ({
      send: (text) => {
        clearError();
        follow();
        void sendMessage({ text });
      },
      stop: () => void stop(),
    }),
    [clearError, follow, sendMessage, stop],
  );

  // Sent once (a ref: React's development double effects); a whole message, so the SDK adds it at once, under its id.
  const firstSent = useRef(false);
  useEffect(() => {
    if (!first || firstSent.current) return;
    firstSent.current = true;
    void sendMessage(first);
  }, [first, sendMessage]);

  useEffect(() => keepAtEnd(), [messages, status, keepAtEnd]);

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
    const outcome = await decide(proposal, decision, resolvedActions);
    await addToolOutput({ tool: toolName(part), toolCallId: part.toolCallId, output: { ...proposal, outcome } } as Parameters<typeof addToolOutput>[0]);
    if (decision === "confirm" && (statusRef.current === "ready" || statusRef.current === "error")) {
      clearError();
      follow();
      void sendMessage({ text: actionReport(proposal, outcome), metadata: { actionReport: true } });
    }
  };

  const lastAssistant = messages.findLast((m) => m.role === "assistant")?.id;

  return (
    <>
      {messages.map((message) =>
        message.role === "user" && message.metadata?.actionReport ? (
          <p key={message.id} className="mx-auto flex max-w-[85%] items-center gap-2 text-center text-xs text-muted-foreground">
            <CheckIcon className="size-3.5 shrink-0" aria-hidden="true" />
            {textOf(message)}
          </p>
        ) : message.role === "user" ? (
          <UserMessage key={message.id} text={textOf(message)} />
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
      {waiting && <UserMessage text={textOf(first)} />}
      {(status === "submitted" || waiting) && <Thinking />}
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
    </>
  );
}
