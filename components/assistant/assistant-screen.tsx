"use client";

import { PanelLeftIcon } from "lucide-react";
import dynamic from "next/dynamic";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import type { AssistantActions } from "@/lib/assistant/actions";
import { type ConversationSummary, newChatId } from "@/lib/assistant/api";
import type { AssistantUIMessage } from "@/lib/assistant/tools";
import { ChatPane } from "./chat-pane";
import { ConversationSidebar, type ConversationSidebarProps } from "./conversation-sidebar";

const ConversationsDrawer = dynamic(() => import("./conversations-drawer").then((m) => m.ConversationsDrawer));

export type AssistantScreenProps = {
  configured: boolean;
  /** The project the conversations belong to, for the heading. */
  projectName?: string;
  conversations: ConversationSummary[];
  /** The open conversation; null starts a new one (its id is made here and sent with the first message). */
  conversation: { id: string; messages: AssistantUIMessage[] } | null;
  projectId: number;
  /** Defaults to the project's routes (projectActions). */
  actions?: AssistantActions;
  onSelectConversation: (id: string) => void;
  onNewChat: () => void;
  onRenameConversation: ConversationSidebarProps["onRename"];
  onDeleteConversation: ConversationSidebarProps["onDelete"];
  /** An answer ended in conversation `id`: refresh the list (a new conversation, a new title or time). */
  onConversationChanged?: (id: string) => void;
};

/**
 * The assistant page: conversations on the left (in a drawer below 768 px),
 * the open conversation on the right.
 */
export function AssistantScreen(props: AssistantScreenProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer's code loads on the first tap; it stays mounted after, so it can animate closed.
  const [drawerWanted, setDrawerWanted] = useState(false);
  const drawerButton = useRef<HTMLButtonElement>(null);
  // A new chat gets its id once, here; a stored one keeps its own.
  const [newId, setNewId] = useState(newChatId);
  const chatId = props.conversation?.id ?? newId;
  const startNew = () => {
    setNewId(newChatId());
    props.onNewChat();
  };

  const sidebar = (inDrawer: boolean) => (
    <ConversationSidebar
      conversations={props.conversations}
      currentId={props.conversation?.id ?? null}
      onSelect={(id) => {
        if (inDrawer) setDrawerOpen(false);
        props.onSelectConversation(id);
      }}
      onNew={() => {
        if (inDrawer) setDrawerOpen(false);
        startNew();
      }}
      onRename={props.onRenameConversation}
      onDelete={props.onDeleteConversation}
    />
  );

  return (
    <div className="flex h-[calc(100dvh-3.5rem)] bg-background text-foreground">
      <aside className="hidden w-72 shrink-0 border-r md:block">{sidebar(false)}</aside>
      <section className="flex min-w-0 flex-1 flex-col" aria-label="Chat">
        <header className="flex items-center gap-2 border-b px-3 py-2 md:px-6">
          <Button
            ref={drawerButton}
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Open the conversations"
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            onClick={() => {
              setDrawerWanted(true);
              setDrawerOpen(true);
            }}
          >
            <PanelLeftIcon aria-hidden="true" />
          </Button>
          {drawerWanted && (
            <ConversationsDrawer open={drawerOpen} onOpenChange={setDrawerOpen} trigger={drawerButton}>
              {sidebar(true)}
            </ConversationsDrawer>
          )}
          <h1 className="min-w-0 truncate text-base font-semibold">
            AI Chatbot
            {props.projectName && <span className="font-normal text-muted-foreground"> · {props.projectName}</span>}
          </h1>
        </header>
        <ChatPane
          key={chatId}
          chatId={chatId}
          initialMessages={props.conversation?.messages ?? []}
          projectId={props.projectId}
          actions={props.actions}
          configured={props.configured}
          onAnswerFinished={props.onConversationChanged}
          onNewChat={startNew}
        />
      </section>
    </div>
  );
}
