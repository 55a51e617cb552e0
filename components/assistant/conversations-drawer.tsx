"use client";

import type { ReactNode, RefObject } from "react";
import { Drawer, DrawerBar, DrawerContent } from "@/components/ui/drawer";

/** The conversations on a phone, in a drawer from the left; its own chunk, loaded on the first tap of its button. */
export function ConversationsDrawer({
  open,
  onOpenChange,
  trigger,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it: focus goes back there when it closes. */
  trigger: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
}) {
  return (
    <Drawer open={open} onOpenChange={onOpenChange} direction="left">
      <DrawerContent
        className="inset-y-0 right-auto left-0 mt-0 h-full max-h-none w-[85vw] max-w-xs rounded-none rounded-r-lg border-t-0 border-r"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
        <DrawerBar title="Conversations" description="Your conversations with the assistant in this project" closeLabel="Close the conversations" />
        <div className="min-h-0 flex-1">{children}</div>
      </DrawerContent>
    </Drawer>
  );
}
