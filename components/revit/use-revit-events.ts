"use client";

import { useEffect, useRef, useState } from "react";
import { urlOf } from "@/lib/http/contract";
import { revitApi } from "@/lib/revit/api";
import type { PushSummary } from "@/lib/revit/summary";

/**
 * Live news of the signed-in user's Revit add-ins (server-sent events):
 * how many add-ins are connected, and every change of a push's state.
 * EventSource reconnects by itself; null means not known yet.
 */
export function useRevitEvents(onPush?: (push: PushSummary) => void): { connected: number | null } {
  const [connected, setConnected] = useState<number | null>(null);
  const onPushRef = useRef(onPush);
  useEffect(() => {
    onPushRef.current = onPush;
  });

  useEffect(() => {
    const source = new EventSource(urlOf(revitApi.events), { withCredentials: true });
    source.addEventListener("connections", (event) => {
      setConnected((JSON.parse((event as MessageEvent<string>).data) as { count: number }).count);
    });
    source.addEventListener("push", (event) => {
      onPushRef.current?.(JSON.parse((event as MessageEvent<string>).data) as PushSummary);
    });
    return () => source.close();
  }, []);

  return { connected };
}
