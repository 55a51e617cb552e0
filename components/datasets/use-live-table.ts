"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { toast } from "@/components/ui/toast";
import { datasetsApi } from "@/lib/datasets/api";
import { callApi, urlOf } from "@/lib/http/contract";
import { applyPresence, type LiveEvent, type Viewer } from "@/lib/live/events";

/** How long a row someone else saved stays marked with their name. */
export const CHANGE_HIGHLIGHT_MS = 6_000;
/** A stream refused (the server's limit of streams, 429) is asked for again after this; the table works meanwhile, without live updates. */
export const REOPEN_AFTER_MS = 30_000;

export type LiveTable = {
  /** The others with this table open (this tab left out), one entry per person. */
  others: { userId: number; name: string }[];
  /** Rows saved by someone else a moment ago: row id to their name. */
  changedBy: Map<number, string>;
  /** Rows someone else is editing now: row id to their name. */
  editedBy: Map<number, string>;
};

const parse = <T extends LiveEvent["type"]>(event: Event) => JSON.parse((event as MessageEvent<string>).data) as Extract<LiveEvent, { type: T }>;

/**
 * A table kept live: saves by others reload it (`onRowsChanged`) and mark the
 * rows with their name for a few seconds; who else has it open, and which row
 * each is editing. `editing` is the row this tab is editing, told to the others.
 * When the user's access changes (removed, project deleted, another role) the
 * server ends the stream (`revoked`): the page is read again, and for a new
 * role the stream reopens.
 */
export function useLiveTable(projectId: number, dataset: string, me: number, editing: number | null, onRowsChanged: () => void): LiveTable {
  const [client] = useState(() => crypto.randomUUID());
  const [viewers, setViewers] = useState<ReadonlyMap<string, Viewer>>(() => new Map());
  const [changedBy, setChangedBy] = useState<Map<number, string>>(() => new Map());
  /** Bumped to open the stream again (after a refusal, or a change of role). */
  const [attempt, setAttempt] = useState(0);
  const router = useRouter();
  const refresh = useRef(() => router.refresh());
  const reload = useRef(onRowsChanged);
  useEffect(() => {
    reload.current = onRowsChanged;
    refresh.current = () => router.refresh();
  }, [onRowsChanged, router]);

  useEffect(() => {
    const source = new EventSource(urlOf(datasetsApi.events, { id: projectId, ds: dataset }, { client }));
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const later = (run: () => void, ms: number) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        run();
      }, ms);
      timers.add(timer);
    };
    source.addEventListener("presence", (event) => setViewers((now) => applyPresence(now, parse<"presence">(event))));
    source.addEventListener("presence-change", (event) => setViewers((now) => applyPresence(now, parse<"presence-change">(event))));
    source.addEventListener("revoked", (event) => {
      const { reason } = parse<"revoked">(event);
      source.close();
      setViewers(new Map());
      // What this user may do here changed: the page is read again (a project no longer theirs is not shown).
      refresh.current();
      if (reason === "role-changed") setAttempt((n) => n + 1);
      else toast.warning(reason === "project-deleted" ? "This project was deleted." : "You are no longer a member of this project.");
    });
    source.addEventListener("error", () => {
      // Refused (429 past a limit, 404 once not a member): EventSource gives up, so it is tried again later.
      if (source.readyState === EventSource.CLOSED) later(() => setAttempt((n) => n + 1), REOPEN_AFTER_MS);
    });
    source.addEventListener("rows", (event) => {
      const change = parse<"rows">(event);
      // This user's own saves are on screen already (the screen reloads after each).
      if (change.userId === me) return;
      reload.current();
      if (change.ids.length === 0) return;
      setChangedBy((marks) => new Map([...marks, ...change.ids.map((id) => [id, change.name] as const)]));
      later(
        () =>
          setChangedBy((marks) => {
            const next = new Map(marks);
            for (const id of change.ids) if (next.get(id) === change.name) next.delete(id);
            return next;
          }),
        CHANGE_HIGHLIGHT_MS,
      );
    });
    return () => {
      source.close();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [projectId, dataset, client, me, attempt]);

  // Told once the screen has drawn the change (an edit opening), not before.
  useEffect(() => {
    const timer = setTimeout(() => void callApi(datasetsApi.presence, { params: { id: projectId, ds: dataset }, body: { client, editing } }), 0);
    return () => clearTimeout(timer);
  }, [projectId, dataset, client, editing]);

  const others = new Map<number, string>();
  const editedBy = new Map<number, string>();
  for (const v of viewers.values()) {
    if (v.client === client) continue;
    if (v.userId !== me) others.set(v.userId, v.name);
    if (v.editing !== null) editedBy.set(v.editing, v.name);
  }
  return { others: [...others].map(([userId, name]) => ({ userId, name })), changedBy, editedBy };
}
