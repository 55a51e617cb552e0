"use client";

import { ArrowUpIcon, BotIcon, SquareIcon } from "lucide-react";
import { lazy, Suspense, useCallback, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { useAfterLoad } from "@/hooks/use-after-load";
import type { AssistantActions } from "@/lib/assistant/actions";
import { newChatId } from "@/lib/assistant/api";
import { checkMessageText, MAX_MESSAGE_CHARS, messageText } from "@/lib/assistant/limits";
import type { AssistantUIMessage } from "@/lib/assistant/tools";
import { cn } from "@/lib/utils";
import { Opening, Thinking, UserMessage } from "./chat-parts";
import type { ChatControls, ChatSessionState } from "./chat-session";
import { NotConfigured } from "./not-configured";

export const SUGGESTIONS = [
  "What is the bending strength of a 300 × 450 beam, f'c 32 MPa, with 1800 mm² at 390 mm depth?",
  "Tension lap length of N16 bars in f'c 40 concrete with cd 50 mm?",
  "Which tables does this project have?",
  "Show the pier rows.",
];

// The AI SDK (with zod), the Markdown and the tool cards: fetched once the page has loaded, or by the first message.
const loadSession = () => import("./chat-session");
const ChatSession = lazy(loadSession);
export const preloadChatSession = () => void loadSession();

export type ChatPaneProps = {
  /** The conversation's id; the server stores the conversation under it. */
  chatId: string;
  initialMessages: AssistantUIMessage[];
  projectId: number;
  /** Defaults to the project's routes (projectActions). */
  actions?: AssistantActions;
  /** False: the server has no model configured; the pane explains how to set one up instead of offering a composer. */
  configured: boolean;
  /** An answer ended (or was stopped): the conversation changed on the server. */
  onAnswerFinished?: (chatId: string) => void;
  /** Opens a new, empty conversation (offered when this one is full). */
  onNewChat?: () => void;
};

/**
 * One conversation: its messages (ChatSession, loaded on demand) and the
 * composer. A new conversation shows its suggestions and takes a first
 * message before the session's code is in; the session sends it as it starts.
 */
export function ChatPane({ chatId, initialMessages, projectId, actions, configured, onAnswerFinished, onNewChat }: ChatPaneProps) {
  const session = useRef<ChatControls>(null);
  const [first, setFirst] = useState<AssistantUIMessage>();
  // What the session last reported; `started` once it has.
  const [state, setState] = useState({ busy: false, notConfigured: false, started: false });
  const onState = useCallback(
    (next: ChatSessionState) => setState((s) => (s.started && s.busy === next.busy && s.notConfigured === next.notConfigured ? s : { ...next, started: true })),
    [],
  );
  const live = initialMessages.length > 0 || first !== undefined;
  // A first message is on its way until the session takes it.
  const busy = state.busy || (first !== undefined && !state.started);
  const [input, setInput] = useState("");
  const problem = input.length > MAX_MESSAGE_CHARS ? checkMessageText(input) : null;
  const notConfigured = !configured || state.notConfigured;
  // Right at the load, not when idle: a message typed at once waits for this code (on a busy machine, seconds).
  useAfterLoad(configured ? preloadChatSession : noop, { idle: false });

  const scroller = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const follow = useCallback(() => {
    pinned.current = true;
  }, []);
  const keepAtEnd = useCallback(() => {
    const el = scroller.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, []);

  const send = (text: string) => {
    if (busy || checkMessageText(text) !== null) return;
    if (session.current) session.current.send(text);
    else {
      follow();
      setFirst({ id: newChatId(), role: "user", parts: [{ type: "text", text }] });
    }
    setInput("");
  };

  const empty = configured && (
    <div className="grid gap-4 py-8 text-center">
      <BotIcon className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
      <div>
        <h2 className="text-lg font-semibold">Ask the engineering assistant</h2>
        <p className="text-sm text-muted-foreground">
          It runs Pontifex&apos;s own AS 3600 calculations, reads and proposes changes to your project&apos;s tables, and prepares MIDAS actions. Nothing
          changes until you press Apply or Confirm.
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
  );

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
          {live ? (
            <Suspense
              fallback={
                first ? (
                  <>
                    <UserMessage text={messageText(first).trim()} />
                    <Thinking />
                  </>
                ) : (
                  <Opening />
                )
              }
            >
              <ChatSession
                ref={session}
                chatId={chatId}
                initialMessages={initialMessages}
                first={first}
                projectId={projectId}
                actions={actions}
                follow={follow}
                keepAtEnd={keepAtEnd}
                onState={onState}
                onAnswerFinished={onAnswerFinished}
                onNewChat={onNewChat}
              />
            </Suspense>
          ) : (
            empty
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
              <Button type="button" size="icon" variant="outline" onClick={() => session.current?.stop()} aria-label="Stop the answer" title="Stop">
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

const noop = () => {};
