"use client";

import { EllipsisIcon, MessageSquarePlusIcon, PencilIcon, Trash2Icon } from "lucide-react";
import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { Input } from "@/components/ui/input";
import { type ConversationSummary, MAX_TITLE_LENGTH } from "@/lib/assistant/api";
import { cn } from "@/lib/utils";
import { LocalTime } from "@/components/ui/local-time";

// Its dialog (and, on phones, drawer) code loads when a delete is first asked for.
const ConfirmDialog = dynamic(() => import("@/components/ui/confirm-dialog").then((m) => m.ConfirmDialog));

export type ConversationSidebarProps = {
  conversations: ConversationSummary[];
  currentId: string | null;
  onSelect: (id: string) => void;
  onNew: () => void;
  onRename: (id: string, title: string) => Promise<void> | void;
  onDelete: (id: string) => Promise<void> | void;
};

/** The user's conversations in this project: open, rename, delete, start a new one. Data and actions come from the page. */
export function ConversationSidebar({ conversations, currentId, onSelect, onNew, onRename, onDelete }: ConversationSidebarProps) {
  const [renaming, setRenaming] = useState<{ id: string; title: string } | null>(null);
  const [deleting, setDeleting] = useState<ConversationSummary | null>(null);
  // Mounted from the first delete on, so it can animate closed.
  const [askedToDelete, setAskedToDelete] = useState(false);
  const [busy, setBusy] = useState(false);

  const saveRename = async () => {
    if (!renaming) return;
    const title = renaming.title.trim().slice(0, MAX_TITLE_LENGTH);
    const before = conversations.find((c) => c.id === renaming.id)?.title;
    setRenaming(null);
    if (title && title !== before) await onRename(renaming.id, title);
  };

  return (
    <nav className="flex h-full min-h-0 flex-col" aria-label="Conversations">
      <div className="p-3">
        <Button className="w-full justify-start" variant="outline" onClick={onNew}>
          <MessageSquarePlusIcon aria-hidden="true" />
          New chat
        </Button>
      </div>
      {conversations.length === 0 ? (
        <p className="px-4 text-sm text-muted-foreground">No conversations yet in this project.</p>
      ) : (
        <ul className="min-h-0 flex-1 overflow-y-auto px-2 pb-3">
          {conversations.map((c) => (
            <li key={c.id} className={cn("group flex items-center gap-1 rounded-md", c.id === currentId && "bg-accent text-accent-foreground")}>
              {renaming?.id === c.id ? (
                <form
                  className="flex-1 p-1"
                  onSubmit={(e) => {
                    e.preventDefault();
                    void saveRename();
                  }}
                >
                  <Input
                    aria-label="Conversation title"
                    value={renaming.title}
                    maxLength={MAX_TITLE_LENGTH}
                    autoFocus
                    onChange={(e) => setRenaming({ id: c.id, title: e.target.value })}
                    onBlur={() => void saveRename()}
                    onKeyDown={(e) => {
                      if (e.key === "Escape") setRenaming(null);
                    }}
                    className="h-8"
                  />
                </form>
              ) : (
                <>
                  <button
                    type="button"
                    className="min-w-0 flex-1 rounded-md px-2 py-2 text-left text-sm hover:bg-accent/60"
                    aria-current={c.id === currentId ? "page" : undefined}
                    onClick={() => onSelect(c.id)}
                  >
                    <span className="block truncate">{c.title}</span>
                    <span className="block text-xs text-muted-foreground">
                      <LocalTime iso={c.updatedAt} />
                    </span>
                  </button>
                  <DropdownMenu>
                    <DropdownMenuTrigger asChild>
                      <Button variant="ghost" size="icon-sm" aria-label={`Actions for ${c.title}`}>
                        <EllipsisIcon aria-hidden="true" />
                      </Button>
                    </DropdownMenuTrigger>
                    <DropdownMenuContent align="end">
                      <DropdownMenuItem onSelect={() => setRenaming({ id: c.id, title: c.title })}>
                        <PencilIcon aria-hidden="true" />
                        Rename
                      </DropdownMenuItem>
                      <DropdownMenuItem
                        className="text-destructive focus:text-destructive"
                        onSelect={() => {
                          setAskedToDelete(true);
                          setDeleting(c);
                        }}
                      >
                        <Trash2Icon aria-hidden="true" />
                        Delete
                      </DropdownMenuItem>
                    </DropdownMenuContent>
                  </DropdownMenu>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {askedToDelete && (
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(open) => !open && setDeleting(null)}
          title="Delete this conversation?"
          description={deleting ? `"${deleting.title}" and its messages are deleted for good. Changes you applied from it stay.` : undefined}
          confirmLabel="Delete"
          destructive
          busy={busy}
          onConfirm={async () => {
            if (!deleting) return;
            setBusy(true);
            try {
              await onDelete(deleting.id);
            } finally {
              setBusy(false);
              setDeleting(null);
            }
          }}
        />
      )}
    </nav>
  );
}
