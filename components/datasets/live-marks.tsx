import { PencilIcon, UsersIcon } from "lucide-react";
import { cn } from "@/lib/utils";

/** Who else has the table open, in the toolbar. */
export function LiveViewers({ others }: { others: { userId: number; name: string }[] }) {
  if (others.length === 0) return null;
  const names = others.map((o) => o.name).join(", ");
  return (
    <span className="flex items-center gap-1 text-xs text-muted-foreground" data-testid="live-viewers" title={`Also open by ${names}`}>
      <UsersIcon className="size-3.5" aria-hidden="true" />
      <span>
        <span className="sr-only">Also open by </span>
        {names}
      </span>
    </span>
  );
}

/** A row someone else saved a moment ago (with a short highlight), or is editing now: their name beside its Parameter. */
export function LiveMark({ kind, name }: { kind: "changed" | "editing"; name: string }) {
  return (
    <span
      className={cn(
        "ml-1 inline-flex shrink-0 items-center gap-0.5 rounded px-1 text-[10px] leading-4",
        kind === "changed"
          ? "animate-pulse bg-amber-200 text-amber-950 dark:bg-amber-800 dark:text-amber-50"
          : "bg-sky-100 text-sky-950 dark:bg-sky-900 dark:text-sky-50",
      )}
      data-testid={kind === "changed" ? "live-changed" : "live-editing"}
      role="status"
    >
      {kind === "editing" && <PencilIcon className="size-3" aria-hidden="true" />}
      {kind === "changed" ? `saved by ${name}` : `${name} is editing`}
    </span>
  );
}
