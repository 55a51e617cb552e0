"use client";

import { ArrowRightIcon, DownloadIcon, SaveIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { announceRowsChanged } from "@/components/datasets/use-dataset-rows";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { DisabledReason } from "@/components/ui/disabled-reason";
import { datasetsApi, fetchScreenRows } from "@/lib/datasets/api";
import { parameterRow, type Row } from "@/lib/datasets/columns";
import { callApi } from "@/lib/http/contract";
import type { TablesConflict } from "@/lib/openapi/errors";
import type { FillChange } from "@/lib/midas/fill";
import type { MidasTables } from "@/lib/midas/tables";
import type { ProjectAccess } from "@/lib/projects/access";
import { refusal } from "@/lib/projects/roles";

const TARGETS = ["midassetup", "midasgeneralsections"] as const;
type Target = (typeof TARGETS)[number];
const TITLES: Record<Target, string> = { midassetup: "Model Setup", midasgeneralsections: "General Sections" };

type State =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "preview"; changes: FillChange[]; rows: Record<Target, Row[]>; note: string | null }
  | { status: "writing"; changes: FillChange[]; rows: Record<Target, Row[]>; note: string | null };

/** The rows of a refused fill that someone changed since the preview, as a sentence (none: undefined). */
function changedSincePreview(conflicts: TablesConflict["conflicts"], rows: Record<Target, Row[]>): string | undefined {
  if (!conflicts || conflicts.length === 0) return undefined;
  const names = conflicts.map(({ dataset, id }) => {
    const row = rows[dataset as Target]?.find((r) => Number(r.Id) === id);
    return `${row ? String(row.Parameter) : `row ${id}`} in ${TITLES[dataset as Target] ?? dataset}`;
  });
  return `${names.join(", ")} ${names.length === 1 ? "was" : "were"} changed by someone else since the preview.`;
}

/**
 * "Fill from Revit tables" on Model Setup: span lengths from the box table,
 * piers from the pier table (column sizes as General Sections). Shows every
 * change (row, item, from → to) first; writes it as one change of both tables
 * with each row's Version: all of it, or nothing when someone saved in between.
 */
export function FillFromRevit({ project }: { project: ProjectAccess }) {
  const [state, setState] = useState<State>({ status: "idle" });
  const readOnly = refusal(project.role, "write", project.name);

  async function load() {
    setState({ status: "loading" });
    const read = (ds: string) => fetchScreenRows({ id: project.id, ds });
    const [box, pier, setup, sections, fill] = await Promise.all([
      read("box"),
      read("pier"),
      read("midassetup"),
      read("midasgeneralsections"),
      import("@/lib/midas/fill"),
    ]);
    const failed = [box, pier, setup, sections].find((r) => !r.ok);
    if (failed && !failed.ok) {
      toast.error(`Could not read the tables: ${failed.error}`);
      setState({ status: "idle" });
      return;
    }
    if (!box.ok || !pier.ok || !setup.ok || !sections.ok) return;
    const midas = { midassetup: setup.data.rows.map(parameterRow), midasgeneralsections: sections.data.rows.map(parameterRow) } as MidasTables;
    const { changes } = fill.fillFromRevit({ box: box.data.rows.map(parameterRow), pier: pier.data.rows.map(parameterRow) }, midas);
    const hasSpans = box.data.rows.some(
      (r) => r.Parameter === "SpanLength" && Object.entries(r).some(([k, v]) => /^Item\d+$/.test(k) && String(v).trim() !== ""),
    );
    const note = !hasSpans
      ? "The Revit_Box table of this project has no SpanLength values: there is nothing to copy."
      : changes.length === 0
        ? "Model Setup already matches the Revit tables."
        : null;
    setState({ status: "preview", changes, rows: { midassetup: setup.data.rows, midasgeneralsections: sections.data.rows }, note });
  }

  async function write() {
    if (state.status !== "preview") return;
    setState({ ...state, status: "writing" });
    const { fillWrites } = await import("@/lib/midas/fill");
    const tables = fillWrites(state.changes, state.rows);
    const result = await callApi(datasetsApi.writeRows, { params: { id: project.id }, body: { tables } });
    setState({ status: "idle" });
    if (!result.ok) {
      toast.error(
        `Nothing was written: ${result.status === 409 ? `${changedSincePreview((result.body as TablesConflict | null)?.conflicts, state.rows) ?? result.error} Preview again to see the values now.` : result.error}`,
      );
      return;
    }
    for (const dataset of TARGETS) announceRowsChanged(project.id, dataset);
    const rows = result.data.tables.reduce((n, t) => n + t.created.length + t.edited.length, 0);
    toast.success(`Filled ${state.changes.length} value${state.changes.length === 1 ? "" : "s"} in ${rows} row${rows === 1 ? "" : "s"}`);
  }

  const busy = state.status === "loading" || state.status === "writing";

  return (
    <section className="grid gap-3 rounded-md border px-3 py-3" aria-label="Fill from Revit tables" data-testid="fill-from-revit">
      <div className="flex flex-wrap items-center gap-2">
        <p className="mr-auto min-w-0 flex-1 basis-64 text-sm text-muted-foreground">
          Copy span lengths from Revit_Box Data, and pier names, heights, columns and headstock lengths from Revit_Pier Data, into Model Setup (column sizes
          become General Sections). You see every change before it is written.
        </p>
        <Button variant="outline" onClick={() => void load()} disabled={busy}>
          <DownloadIcon aria-hidden="true" />
          {state.status === "loading" ? "Reading the tables..." : "Fill from Revit tables"}
        </Button>
      </div>
      {(state.status === "preview" || state.status === "writing") && (
        <div className="grid gap-3">
          {state.note && <p className="text-sm">{state.note}</p>}
          {state.changes.length > 0 && (
            <Table aria-label="Changes the fill would make">
              <TableHeader>
                <TableRow>
                  <TableHead>Table</TableHead>
                  <TableHead>Row</TableHead>
                  <TableHead>Item</TableHead>
                  <TableHead>From</TableHead>
                  <TableHead>
                    <span className="sr-only">becomes</span>
                  </TableHead>
                  <TableHead>To</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {state.changes.map((c) => (
                  <TableRow key={`${c.dataset}:${c.parameter}:${c.item}`}>
                    <TableCell>{TITLES[c.dataset as Target] ?? c.dataset}</TableCell>
                    <TableCell className="font-medium">{c.parameter}</TableCell>
                    <TableCell>{c.item}</TableCell>
                    <TableCell className="text-muted-foreground">{c.from === "" ? "(empty)" : c.from}</TableCell>
                    <TableCell>
                      <ArrowRightIcon aria-hidden="true" className="size-4" />
                    </TableCell>
                    <TableCell>{c.to === "" ? "(empty)" : c.to}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          <div className="flex flex-wrap gap-2">
            {state.changes.length > 0 && (
              <DisabledReason reason={readOnly}>
                <Button onClick={() => void write()} disabled={busy || readOnly !== null}>
                  <SaveIcon aria-hidden="true" />
                  {state.status === "writing" ? "Writing..." : `Write ${state.changes.length} change${state.changes.length === 1 ? "" : "s"}`}
                </Button>
              </DisabledReason>
            )}
            <Button variant="ghost" onClick={() => setState({ status: "idle" })} disabled={state.status === "writing"}>
              <XIcon aria-hidden="true" />
              {state.changes.length > 0 ? "Cancel" : "Close"}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
