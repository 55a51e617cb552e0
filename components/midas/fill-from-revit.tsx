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
import type { FillResult, FillUnmatched } from "@/lib/midas/fill";
import type { MidasTables } from "@/lib/midas/tables";
import type { ProjectAccess } from "@/lib/projects/access";
import { refusal } from "@/lib/projects/roles";

const TARGETS = ["midassetup", "midasgeneralsections", "midaspiles"] as const;
type Target = (typeof TARGETS)[number];
const TITLES: Record<Target, string> = { midassetup: "Model Setup", midasgeneralsections: "General Sections", midaspiles: "Piles" };
const UNMATCHED: Record<FillUnmatched["kind"], string> = {
  "revit-pier": "Revit pier",
  "revit-abutment": "Revit abutment",
  "model-pier": "Model pier",
  "model-abutment": "Model abutment",
};

type Preview = Pick<FillResult, "changes" | "supports" | "unmatched" | "notes" | "tolerance"> & { rows: Record<Target, Row[]>; note: string | null };
type State = { status: "idle" } | { status: "loading" } | ({ status: "preview" } & Preview) | ({ status: "writing" } & Preview);

const m = (n: number | null | undefined) => (n === null || n === undefined ? "—" : n.toFixed(3));

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
 * "Fill from Revit tables" on Model Setup: span lengths from the box table, then
 * each support of the model takes the Revit pier or abutment at its chainage
 * (within the fill's tolerance): names, columns, heights, bearings, pile groups.
 * Shows first how the supports matched, what matched nothing, the notes, and
 * every change (row, item, from → to, and why where it is not a copy); writes it
 * as one change of the tables with each row's Version: all of it, or nothing
 * when someone saved in between.
 */
export function FillFromRevit({ project }: { project: ProjectAccess }) {
  const [state, setState] = useState<State>({ status: "idle" });
  const readOnly = refusal(project.role, "write", project.name);

  async function load() {
    setState({ status: "loading" });
    const read = (ds: string) => fetchScreenRows({ id: project.id, ds });
    const [box, pier, abt, setup, sections, piles, psc, fill] = await Promise.all([
      read("box"),
      read("pier"),
      read("abt"),
      read("midassetup"),
      read("midasgeneralsections"),
      read("midaspiles"),
      read("midaspsc"),
      import("@/lib/midas/fill"),
    ]);
    const failed = [box, pier, abt, setup, sections, piles, psc].find((r) => !r.ok);
    if (failed && !failed.ok) {
      toast.error(`Could not read the tables: ${failed.error}`);
      setState({ status: "idle" });
      return;
    }
    if (!box.ok || !pier.ok || !abt.ok || !setup.ok || !sections.ok || !piles.ok || !psc.ok) return;
    const midas = {
      midassetup: setup.data.rows.map(parameterRow),
      midasgeneralsections: sections.data.rows.map(parameterRow),
      midaspiles: piles.data.rows.map(parameterRow),
      midaspsc: psc.data.rows.map(parameterRow),
    } as MidasTables;
    const { changes, supports, unmatched, notes, tolerance } = fill.fillFromRevit(
      { box: box.data.rows.map(parameterRow), pier: pier.data.rows.map(parameterRow), abt: abt.data.rows.map(parameterRow) },
      midas,
    );
    // Without spans the fill's notes say there is nothing to fill.
    const note = changes.length === 0 && supports.length > 0 ? "The Midas tables already match the Revit tables." : null;
    setState({
      status: "preview",
      changes,
      supports,
      unmatched,
      notes,
      tolerance,
      rows: { midassetup: setup.data.rows, midasgeneralsections: sections.data.rows, midaspiles: piles.data.rows },
      note,
    });
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
          Copy span lengths from Revit_Box Data into Model Setup; then each pier and abutment of the model takes the one of Revit_Pier Data or Revit_Abt Data at
          its chainage: pier names, heights, columns, headstock lengths, bearings and pile groups (column and pile sizes become General Sections, pile groups
          Piles). You see every change, and whatever matched nothing, before anything is written.
        </p>
        <Button variant="outline" onClick={() => void load()} disabled={busy}>
          <DownloadIcon aria-hidden="true" />
          {state.status === "loading" ? "Reading the tables..." : "Fill from Revit tables"}
        </Button>
      </div>
      {(state.status === "preview" || state.status === "writing") && (
        <div className="grid gap-3">
          {state.note && <p className="text-sm">{state.note}</p>}
          <FillMatches supports={state.supports} unmatched={state.unmatched} tolerance={state.tolerance} />
          {state.notes.length > 0 && (
            <ul className="grid list-disc gap-1 pl-5 text-sm" aria-label="Notes of the fill" data-testid="fill-notes">
              {state.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          )}
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
                    <TableCell className="whitespace-normal">
                      {c.to === "" ? "(empty)" : c.to}
                      {c.note && <span className="block max-w-prose text-xs text-muted-foreground">{c.note}</span>}
                    </TableCell>
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

/** How the model's supports matched the Revit tables, and what matched nothing (never dropped). */
function FillMatches({ supports, unmatched, tolerance }: Pick<FillResult, "supports" | "unmatched" | "tolerance">) {
  if (supports.length === 0 && unmatched.length === 0) return null;
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        Piers and abutments match by chainage: a Revit item within {tolerance} m of a support of the model (StartChainage plus the spans before it) fills it. A
        pier&apos;s height keeps Revit&apos;s top of pile cap and reaches the model&apos;s headstock.
      </p>
      {supports.length > 0 && (
        <Table aria-label="Supports of the model and the Revit items that fill them" data-testid="fill-supports">
          <TableHeader>
            <TableRow>
              <TableHead>Support</TableHead>
              <TableHead>Chainage (m)</TableHead>
              <TableHead>Revit item</TableHead>
              <TableHead>Off by (m)</TableHead>
              <TableHead>Revit height (m)</TableHead>
              <TableHead>MIDAS height (m)</TableHead>
              <TableHead>Revit skew (°)</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {supports.map((s) => (
              <TableRow key={`${s.kind}:${s.item}`}>
                <TableCell className="font-medium">{s.support}</TableCell>
                <TableCell>{m(s.chainage)}</TableCell>
                <TableCell>{s.revit ? `${s.revit.name} (${s.revit.item})` : "none: not filled"}</TableCell>
                <TableCell>{m(s.revit?.distance)}</TableCell>
                <TableCell>{m(s.height?.revit)}</TableCell>
                <TableCell>{m(s.height?.midas)}</TableCell>
                <TableCell>{s.skewDegrees === null ? "—" : `${s.skewDegrees.toFixed(1)} (not carried)`}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {unmatched.length > 0 && (
        <div className="grid gap-1">
          <p className="text-sm font-medium">
            Not matched within {tolerance} m ({unmatched.length}): nothing is filled from or into these.
          </p>
          <Table aria-label="Not matched" data-testid="fill-unmatched">
            <TableHeader>
              <TableRow>
                <TableHead>What</TableHead>
                <TableHead>Name</TableHead>
                <TableHead>Chainage (m)</TableHead>
                <TableHead>Nearest</TableHead>
                <TableHead>Off by (m)</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {unmatched.map((u) => (
                <TableRow key={`${u.kind}:${u.item}`}>
                  <TableCell>{UNMATCHED[u.kind]}</TableCell>
                  <TableCell className="font-medium">
                    {u.name}
                    {u.name !== u.item && <span className="text-muted-foreground"> ({u.item})</span>}
                  </TableCell>
                  <TableCell>{m(u.chainage)}</TableCell>
                  <TableCell>{u.nearest ? `${u.nearest.name} at ${m(u.nearest.chainage)}` : "none"}</TableCell>
                  <TableCell>{m(u.nearest?.distance)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </div>
  );
}
