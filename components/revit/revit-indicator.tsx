import { QuietLink } from "@/components/ui/quiet-link";
import { cn } from "@/lib/utils";

/** How many of the user's Revit add-ins are connected right now (live). */
export function RevitIndicator({ count }: { count: number | null }) {
  const label =
    count === null ? "Checking Revit add-ins..." : count === 0 ? "No Revit add-in connected" : `${count} Revit add-in${count === 1 ? "" : "s"} connected`;
  return (
    <QuietLink
      href="/settings#revit"
      className="inline-flex items-center gap-2 rounded-md border px-2.5 py-1.5 text-xs text-muted-foreground hover:bg-accent hover:text-accent-foreground"
      title="Revit add-ins and their tokens"
      data-testid="revit-indicator"
      aria-live="polite"
    >
      <span aria-hidden="true" className={cn("size-2 rounded-full", count ? "bg-emerald-500" : "bg-zinc-500", count === null && "animate-pulse")} />
      {label}
    </QuietLink>
  );
}
