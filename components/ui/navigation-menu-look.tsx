import { ChevronDownIcon } from "lucide-react";
import { cn } from "@/lib/utils";

/** What the navigation menu looks like, the same before its radix code has loaded (./navigation-menu) and after. */

export const rootClass = (className?: string) => cn("group/navigation-menu relative flex max-w-max flex-1 items-center justify-center", className);

export const listClass = (className?: string) => cn("group flex flex-1 list-none items-center justify-center gap-1", className);

export const itemClass = (className?: string) => cn("relative", className);

export const triggerClass = (className?: string) =>
  cn(
    "group inline-flex h-9 w-max items-center justify-center rounded-md bg-transparent px-3 py-2 text-sm font-medium outline-none transition-[color,box-shadow] hover:bg-accent hover:text-accent-foreground focus:bg-accent focus:text-accent-foreground focus-visible:outline-1 focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 data-[state=open]:bg-accent/50 data-[state=open]:text-accent-foreground",
    className,
  );

export function TriggerChevron() {
  return <ChevronDownIcon className="relative top-[1px] ml-1 size-3 transition duration-300 group-data-[state=open]:rotate-180" aria-hidden="true" />;
}
