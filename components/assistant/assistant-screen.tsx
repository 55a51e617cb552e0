"use client";

import { generateId } from "ai";
import { PanelLeftIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Drawer, DrawerBar, DrawerContent, DrawerTrigger } from "@/components/ui/drawer";
import type { AssistantActions } from "@/lib/assistant/actions";
import type { ConversationSummary } from "@/lib/assistant/api";
import type { AssistantUIMessage } from "@/lib/assistant/tools";
import { ChatPane } from "./chat-pane";
import { ConversationSidebar, type ConversationSidebarProps } from "./conversation-sidebar";

export type AssistantScreenProps = {
  configured: boolean;
  /** The project the conversations belong to, for the heading. */
  projectName?: string;
  conversations: ConversationSummary[];
  /** The open conversation; null starts a new one (its id is made here and sent with the first message). */
  conversation: { id: string; messages: AssistantUIMessage[] } | null;
  actions: AssistantActions;
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
  // A new chat gets its id once, here; a stored one keeps its own.
  const [newId, setNewId] = useState(() => generateId());
  const chatId = props.conversation?.id ?? newId;
  const startNew = () => {
    setNewId(generateId());
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
          <Drawer open={drawerOpen} onOpenChange={setDrawerOpen} direction="left">
            <DrawerTrigger asChild>
              <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open the conversations">
                <PanelLeftIcon aria-hidden="true" />
              </Button>
            </DrawerTrigger>
            <DrawerContent className="inset-y-0 right-auto left-0 mt-0 h-full max-h-none w-[85vw] max-w-xs rounded-none rounded-r-lg border-t-0 border-r">
              <DrawerBar title="Conversations" description="Your conversations with the assistant in this project" closeLabel="Close the conversations" />
              <div className="min-h-0 flex-1">{sidebar(true)}</div>
            </DrawerContent>
          </Drawer>
          <h1 className="min-w-0 truncate text-base font-semibold">
            AI Chatbot
            {props.projectName && <span className="font-normal text-muted-foreground"> · {props.projectName}</span>}
          </h1>
        </header>
        <ChatPane
          key={chatId}
          chatId={chatId}
          initialMessages={props.conversation?.messages ?? []}
          actions={props.actions}
          configured={props.configured}
          onAnswerFinished={props.onConversationChanged}
          onNewChat={startNew}
        />
      </section>
    </div>
  );
}
