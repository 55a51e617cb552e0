"use client";

import { DeferredRoot, DeferredTrigger, deferred, deferredPart, useUnopened } from "./first-use";
import type * as Parts from "./popover-parts";

/** shadcn's popover; radix (./popover-parts) loads when a popover is first opened. */
const popover = deferred("dialog", () => import("./popover-parts"));
const Root = deferredPart(popover, (p) => p.Popover);
const Trigger = deferredPart(popover, (p) => p.PopoverTrigger);
const Content = deferredPart(popover, (p) => p.PopoverContent);

function Popover(props: React.ComponentProps<typeof Parts.Popover>) {
  return <DeferredRoot control={popover} Root={Root} {...props} />;
}

function PopoverTrigger(props: React.ComponentProps<typeof Parts.PopoverTrigger>) {
  return <DeferredTrigger Trigger={Trigger} {...props} />;
}

function PopoverContent(props: React.ComponentProps<typeof Parts.PopoverContent>) {
  return useUnopened() ? null : <Content {...props} />;
}

export { Popover, PopoverContent, PopoverTrigger };
