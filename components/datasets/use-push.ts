"use client";

import { useRef, useState } from "react";
import { toast } from "@/components/ui/toast";
import { useRevitEvents } from "@/components/revit/use-revit-events";
import { callApi } from "@/lib/http/contract";
import { revitApi } from "@/lib/revit/api";
import type { PushSummary } from "@/lib/revit/summary";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export function describePush(answer: { rows: number; status: string; deliveredTo: number }): string {
  if (answer.status === "queued") return `${plural(answer.rows, "row")} queued: no add-in connected. Delivered when one connects (within 24 hours).`;
  return `${plural(answer.rows, "row")} sent to ${plural(answer.deliveredTo, "add-in")}`;
}

/** What the add-in said about a push, as the toast that replaces "sent". */
function showAcknowledgement(push: PushSummary): void {
  const options = { id: push.pushId };
  const errors = push.errors.slice(0, 3).map((e) => `${e.parameter ?? e.id ?? "row"}: ${e.message}`);
  switch (push.status) {
    case "applied":
      toast.success(`Applied in Revit: ${plural(push.rows, "row")}`, options);
      break;
    case "partial":
      toast.warning(`Partly applied in Revit: ${plural(push.errors.length, "row")} failed`, { ...options, description: errors.join("; ") });
      break;
    case "failed":
      toast.error("Revit could not apply the push", { ...options, description: errors.join("; ") || undefined });
      break;
    case "expired":
      toast.error(`Push expired: no add-in connected within 24 hours (${plural(push.rows, "row")})`, options);
      break;
    case "delivered":
      toast.success(describePush(push), options);
      break;
  }
}

/**
 * Push a whole table or one row to the user's Revit add-ins; a toast says
 * what happened and is updated live when the add-in acknowledges.
 */
export function usePush(projectId: number, dataset: string) {
  const mine = useRef(new Set<string>());
  // The add-in may answer before the push request itself returns: remember the latest news of every push.
  const latest = useRef(new Map<string, PushSummary>());
  /** How the add-in applied my latest push of this table, row by row (kept on screen until the next push). */
  const [outcome, setOutcome] = useState<PushSummary | null>(null);
  const acknowledged = (push: PushSummary) => {
    showAcknowledgement(push);
    if (["applied", "partial", "failed"].includes(push.status)) setOutcome(push);
  };
  const { connected } = useRevitEvents((push) => {
    latest.current.set(push.pushId, push);
    if (latest.current.size > 200) latest.current.delete(latest.current.keys().next().value!);
    if (mine.current.has(push.pushId)) acknowledged(push);
  });

  async function push(parameter?: string): Promise<void> {
    const result = await callApi(revitApi.push, { params: { id: projectId }, body: { dataset, parameter } });
    if (!result.ok) {
      console.error(`Response status: ${result.status}`);
      if (result.status === 401) console.error("Session cookie not found");
      toast.error(`Push failed: ${result.error}`);
      return;
    }
    mine.current.add(result.data.pushId);
    setOutcome(null);
    const already = latest.current.get(result.data.pushId);
    if (already && ["applied", "partial", "failed"].includes(already.status)) acknowledged(already);
    else if (result.data.status === "queued") toast.message(describePush(result.data), { id: result.data.pushId });
    else toast.success(describePush(result.data), { id: result.data.pushId });
  }

  return {
    connected,
    outcome,
    dismissOutcome: () => setOutcome(null),
    pushAll: () => push(),
    pushRow: (parameter: string) => push(parameter),
  };
}
