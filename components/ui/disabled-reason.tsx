"use client";

import { lazy, Suspense } from "react";
import { cn } from "@/lib/utils";

// The tooltip's code (radix, its positioning) loads only where a reason is shown: viewers' pages.
const ReasonTooltip = lazy(() => import("./tooltip").then((m) => ({ default: m.ReasonTooltip })));

type ReasonProps = { reason: string; children: React.ReactNode; className?: string };

/** The focusable wrapper that carries the reason, read by screen readers as its label. */
export function ReasonNote({ reason, children, className, ...props }: ReasonProps & Omit<React.ComponentProps<"span">, "children">) {
  return (
    <span
      tabIndex={0}
      role="note"
      aria-label={reason}
      data-disabled-reason={reason}
      className={cn("inline-flex rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring", className)}
      {...props}
    >
      {children}
    </span>
  );
}

/**
 * A control that is disabled for a reason the user should be told: the
 * reason shows on hover and on keyboard focus (a disabled button takes
 * neither, so a focusable wrapper carries the tooltip), and screen readers
 * read it as the wrapper's description.
 */
export function DisabledReason({ reason, children, className }: { reason: string | null | undefined; children: React.ReactNode; className?: string }) {
  if (!reason) return <>{children}</>;
  return (
    <Suspense
      fallback={
        <ReasonNote reason={reason} className={className}>
          {children}
        </ReasonNote>
      }
    >
      <ReasonTooltip reason={reason} className={className}>
        {children}
      </ReasonTooltip>
    </Suspense>
  );
}
