"use client";

import { LoaderCircleIcon } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { toast } from "@/components/ui/toast";
import type { AssistantActions } from "@/lib/assistant/actions";
import { type ConversationSummary, deleteConversation, getConversation, listConversations, renameConversation } from "@/lib/assistant/api";
import type { ProjectAccess } from "@/lib/projects/access";
import type { AssistantUIMessage } from "@/lib/assistant/tools";
import { AssistantScreen } from "./assistant-screen";
import { preloadChatSession } from "./chat-pane";

type Props = {
  configured: boolean;
  /** The user's current project: the chat reads it, the cards act on it, the conversations belong to it. */
  project: ProjectAccess;
  /** The conversation list as the server rendered it. */
  initialConversations: ConversationSummary[];
  /** `?c=<id>` of the page: the conversation to open. */
  initialConversationId?: string;
  /** Defaults to the project's routes (projectActions). */
  actions?: AssistantActions;
};

function showInAddress(id: string | null) {
  const url = new URL(window.location.href);
  if (id) url.searchParams.set("c", id);
  else url.searchParams.delete("c");
  window.history.replaceState(window.history.state, "", url);
}

/**
 * The assistant page's data: the conversation list (the server's, then kept
 * current from the conversations API) and the open conversation, from that
 * API, kept in the address as `?c=<id>`.
 */
export function AssistantApp({ configured, project, initialConversations, initialConversationId, actions }: Props) {
  const [conversations, setConversations] = useState(initialConversations);
  const [current, setCurrent] = useState<{ id: string; messages: AssistantUIMessage[] } | null>(null);
  const [opening, setOpening] = useState(Boolean(initialConversationId));

  const refresh = useCallback(async () => {
    const result = await listConversations();
    if (result.ok) setConversations(result.data.conversations);
  }, []);

  // Sets state only after the answer is in, never synchronously (it also runs from the mount effect).
  const load = useCallback(async (id: string) => {
    // The session's code comes while the messages do: they are shown with it.
    preloadChatSession();
    const result = await getConversation(id);
    setOpening(false);
    if (!result.ok) {
      toast.error(`Cannot open the conversation: ${result.error}`);
      showInAddress(null);
      return;
    }
    setCurrent({ id, messages: result.data.conversation.messages });
    showInAddress(id);
  }, []);

  useEffect(() => {
    // The server rendered the list; refreshed all the same, as a page restored by Back may show an old one.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void refresh();
    if (initialConversationId) void load(initialConversationId);
  }, [refresh, load, initialConversationId]);

  if (opening && !current)
    return (
      <p className="flex h-[calc(100dvh-3.5rem)] items-center justify-center gap-2 text-sm text-muted-foreground" role="status">
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
        Opening the conversation...
      </p>
    );

  return (
    <AssistantScreen
      configured={configured}
      projectName={project.name}
      conversations={conversations}
      conversation={current}
      projectId={project.id}
      actions={actions}
      onSelectConversation={(id) => {
        setOpening(true);
        void load(id);
      }}
      onNewChat={() => {
        setCurrent(null);
        showInAddress(null);
      }}
      onRenameConversation={async (id, title) => {
        const result = await renameConversation(id, title);
        if (!result.ok) toast.error(`Cannot rename: ${result.error}`);
        await refresh();
      }}
      onDeleteConversation={async (id) => {
        const result = await deleteConversation(id);
        if (!result.ok) toast.error(`Cannot delete: ${result.error}`);
        if (current?.id === id) {
          setCurrent(null);
          showInAddress(null);
        }
        await refresh();
      }}
      onConversationChanged={(id) => {
        showInAddress(id);
        void refresh();
      }}
    />
  );
}
