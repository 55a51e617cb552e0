"use client";

import type * as Parts from "./dropdown-menu-parts";
import { DeferredRoot, DeferredTrigger, deferred, deferredPart, useUnopened } from "./first-use";

/** shadcn's dropdown menu; radix (./dropdown-menu-parts) loads when a menu is first opened. */
const menu = deferred("menu", () => import("./dropdown-menu-parts"));
const Root = deferredPart(menu, (p) => p.DropdownMenu);
const Trigger = deferredPart(menu, (p) => p.DropdownMenuTrigger);
const Content = deferredPart(menu, (p) => p.DropdownMenuContent);

function DropdownMenu(props: React.ComponentProps<typeof Parts.DropdownMenu>) {
  return <DeferredRoot control={menu} Root={Root} {...props} />;
}

function DropdownMenuTrigger(props: React.ComponentProps<typeof Parts.DropdownMenuTrigger>) {
  return <DeferredTrigger Trigger={Trigger} {...props} />;
}

function DropdownMenuContent(props: React.ComponentProps<typeof Parts.DropdownMenuContent>) {
  return useUnopened() ? null : <Content {...props} />;
}

// Only ever rendered inside an open menu's content.
const DropdownMenuItem = deferredPart(menu, (p) => p.DropdownMenuItem);
const DropdownMenuCheckboxItem = deferredPart(menu, (p) => p.DropdownMenuCheckboxItem);
const DropdownMenuRadioGroup = deferredPart(menu, (p) => p.DropdownMenuRadioGroup);
const DropdownMenuRadioItem = deferredPart(menu, (p) => p.DropdownMenuRadioItem);
const DropdownMenuLabel = deferredPart(menu, (p) => p.DropdownMenuLabel);
const DropdownMenuSeparator = deferredPart(menu, (p) => p.DropdownMenuSeparator);

export {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
};
