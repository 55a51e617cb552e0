"use client";

import { useEffect, useRef, useState } from "react";
import { datasetsApi } from "@/lib/datasets/api";
import { callApi, urlOf } from "@/lib/http/contract";
import type { LiveEvent, Viewer } from "@/lib/live/hub";

/** How long a row someone else saved stays marked with their name. */
export const CHANGE_HIGHLIGHT_MS = 6_000;

export type LiveTable = {
  /** The others with this table open (this tab left out), one entry per person. */
  others: { userId: number; name: string }[];
  /** Rows saved by someone else a moment ago: row id to their name. */
  changedBy: Map<number, string>;
  /** Rows someone else is editing now: row id to their name. */
  editedBy: Map<number, string>;
};

/**
 * A table kept live: saves by others reload it (`onRowsChanged`) and mark the
 * rows with their name for a few seconds; who else has it open, and which row
 * each is editing. `editing` is the row this tab is editing, told to the others.
 */
export function useLiveTable(projectId: number, dataset: string, me: number, editing: number | null, onRowsChanged: () => void): LiveTable {
  const [client] = useState(() => crypto.randomUUID());
  const [viewers, setViewers] = useState<Viewer[]>([]);
  const [changedBy, setChangedBy] = useState<Map<number, string>>(() => new Map());
  const reload = useRef(onRowsChanged);
  useEffect(() => {
    reload.current = onRowsChanged;
  }, [onRowsChanged]);

  useEffect(() => {
    const source = new EventSource(urlOf(datasetsApi.events, { id: projectId, ds: dataset }, { client }));
    const timers = new Set<ReturnType<typeof setTimeout>>();
    source.addEventListener("presence", (event) =>
      setViewers((JSON.parse((event as MessageEvent<string>).data) as Extract<LiveEvent, { type: "presence" }>).viewers),
    );
    source.addEventListener("rows", (event) => {
      const change = JSON.parse((event as MessageEvent<string>).data) as Extract<LiveEvent, { type: "rows" }>;
      // This user's own saves are on screen already (the screen reloads after each).
      if (change.userId === me) return;
      reload.current();
      if (change.ids.length === 0) return;
      setChangedBy((marks) => new Map([...marks, ...change.ids.map((id) => [id, change.name] as const)]));
      const timer = setTimeout(() => {
        timers.delete(timer);
        setChangedBy((marks) => {
          const next = new Map(marks);
          for (const id of change.ids) if (next.get(id) === change.name) next.delete(id);
          return next;
        });
      }, CHANGE_HIGHLIGHT_MS);
      timers.add(timer);
    });
    return () => {
      source.close();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [projectId, dataset, client, me]);

  // Told once the screen has drawn the change (an edit opening), not before.
  useEffect(() => {
    const timer = setTimeout(() => void callApi(datasetsApi.presence, { params: { id: projectId, ds: dataset }, body: { client, editing } }), 0);
    return () => clearTimeout(timer);
  }, [projectId, dataset, client, editing]);

  const others = new Map<number, string>();
  const editedBy = new Map<number, string>();
  for (const v of viewers) {
    if (v.client === client) continue;
    if (v.userId !== me) others.set(v.userId, v.name);
    if (v.editing !== null) editedBy.set(v.editing, v.name);
  }
  return { others: [...others].map(([userId, name]) => ({ userId, name })), changedBy, editedBy };
}
