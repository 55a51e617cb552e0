"use client";

import { toast } from "sonner";
import { apiRequest } from "@/lib/api-client";

type PushAnswer = { pushId: string; rows: number; status: "delivered" | "queued"; deliveredTo: number };

export function describePush(answer: PushAnswer): string {
  const rows = `${answer.rows} row${answer.rows === 1 ? "" : "s"}`;
  if (answer.status === "queued") return `${rows} queued: no add-in connected. They are delivered when one connects (within 24 hours).`;
  return `${rows} sent to ${answer.deliveredTo} add-in${answer.deliveredTo === 1 ? "" : "s"}`;
}

/** Push a whole table or one row to the user's Revit add-ins, and say what happened. */
export function usePush(dataset: string, user: string) {
  async function push(path: string): Promise<void> {
    const result = await apiRequest<PushAnswer>(path, { method: "POST", body: { user } });
    if (!result.ok) {
      console.error(`Response status: ${result.status}`);
      if (result.status === 401) console.error("Session cookie not found");
      toast.error(`Push failed: ${result.error}`);
      return;
    }
    toast.success(describePush(result.data));
  }
  return {
    pushAll: () => push(`/api/websocket/${dataset}/fetch-all`),
    pushRow: (parameter: string) => push(`/api/websocket/${dataset}/fetch-one/${encodeURIComponent(parameter)}`),
  };
}
