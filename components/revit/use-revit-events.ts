"use client";

import { useEffect, useRef, useState } from "react";
import { urlOf } from "@/lib/http/contract";
import { revitApi } from "@/lib/revit/api";
import { isNewerPushState, type PushSummary } from "@/lib/revit/summary";

/**
 * Live news of the signed-in user's Revit add-ins (server-sent events):
 * how many add-ins are connected, and every change of a push's state.
 * EventSource reconnects by itself; null means not known yet. News that
 * would move a push back from its final state (events of one push crossing
 * on the way) is dropped.
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
    const states = new Map<string, string>();
    source.addEventListener("push", (event) => {
      const push = JSON.parse((event as MessageEvent<string>).data) as PushSummary;
      if (!isNewerPushState(states.get(push.pushId), push.status)) return;
      states.set(push.pushId, push.status);
      if (states.size > 500) states.delete(states.keys().next().value!);
      onPushRef.current?.(push);
    });
    return () => source.close();
  }, []);

  return { connected };
}
