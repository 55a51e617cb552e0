"use client";

import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ResponsiveDialog } from "@/components/ui/responsive-dialog";
import { displayValue, isAngleRow } from "@/lib/datasets/angles";
import { datasetsApi, uploadImport } from "@/lib/datasets/api";
import type { ImportPreviewAnswer } from "@/lib/datasets/import-schemas";
import type { DatasetInfo } from "@/lib/datasets/registry";
import { callApi } from "@/lib/http/contract";

type ImportDialogProps = {
  projectId: number;
  dataset: Pick<DatasetInfo, "key" | "title">;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onImported: () => void;
};

/** A refused file or apply: the message, where in the file when the server named it, and every problem when it listed several. */
type Failure = { title: string; message: string; where: string | null; problems: string[]; more: number };
type StructureChoice = "refuse" | "skip";
type Step =
  | { kind: "choose" }
  | { kind: "reading"; fileName: string }
  | { kind: "preview"; preview: ImportPreviewAnswer }
  | { kind: "applying"; preview: ImportPreviewAnswer };

/** Lists longer than this show their first rows and a count of the rest. */
const SHOWN = 100;
const plural = (n: number, word: string) => `${n.toLocaleString("en")} ${word}${n === 1 ? "" : "s"}`;

function failureOf(title: string, error: string, body: Record<string, unknown> | null): Failure {
  const parts = [
    typeof body?.sheet === "string" ? `Sheet: ${body.sheet}` : null,
    typeof body?.row === "number" ? `Row: ${body.row}` : null,
    typeof body?.column === "string" ? `Column: ${body.column}` : null,
  ].filter(Boolean);
  // Every problem of the file, when it has more than one (each names its own place).
  const listed = Array.isArray(body?.problems) ? (body.problems as { message?: unknown }[]).map((p) => String(p.message ?? "")) : [];
  const problems = listed.length > 1 ? listed : [];
  const more = problems.length > 0 && typeof body?.more === "number" ? body.more : 0;
  if (problems.length === 0) return { title, message: error, where: parts.length > 0 ? parts.join(" · ") : null, problems, more };
  // The answer's message repeats the first; the list says them all.
  return { title, message: `This file has ${problems.length + more} problems. Fix them and import it again:`, where: null, problems, more };
}

/** A cell's text with its ends visible: quoted, tabs, line breaks and no-break spaces written out. */
const visible = (text: string) => JSON.stringify(text).replace(/\u00a0/g, "\\u00a0");

/** A stored value as the screen shows it (degrees on angle rows); an empty cell says so. */
function shown(value: string, parameter: string): string {
  if (value === "") return "(empty)";
  return displayValue(value, isAngleRow(parameter));
}

function More({ total }: { total: number }) {
  return total > SHOWN ? <li className="text-muted-foreground">and {plural(total - SHOWN, "more row")}</li> : null;
}

function Section({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  return (
    <section className="grid gap-1" data-testid={testId} aria-label={title}>
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/**
 * Import from Excel or CSV: choose a file, see what it would change (rows
 * added, every changed cell old → new, rows the file lacks, rows changed in
 * Pontifex since the export; what of the file is not part of the table, to
 * refuse or skip; values trimmed), then apply it as one change or cancel.
 */
export function ImportDialog({ projectId, dataset, open, onOpenChange, onImported }: ImportDialogProps) {
  const [step, setStep] = useState<Step>({ kind: "choose" });
  const [failure, setFailure] = useState<Failure | null>(null);
  const [removeMissing, setRemoveMissing] = useState(false);
  const [structureChoice, setStructureChoice] = useState<StructureChoice>("refuse");

  async function read(file: File) {
    setFailure(null);
    setRemoveMissing(false);
    setStructureChoice("refuse");
    setStep({ kind: "reading", fileName: file.name });
    const result = await uploadImport({ id: projectId, ds: dataset.key }, file);
    if (!result.ok) {
      setFailure(failureOf("This file cannot be imported", result.error, result.body));
      setStep({ kind: "choose" });
      return;
    }
    setStep({ kind: "preview", preview: result.data });
  }

  async function apply(preview: ImportPreviewAnswer) {
    setStep({ kind: "applying", preview });
    const result = await callApi(datasetsApi.importApply, {
      params: { id: projectId, ds: dataset.key, importId: preview.importId },
      body: { removeMissing, structure: structureChoice },
    });
    if (!result.ok) {
      setFailure(failureOf("Nothing was imported", result.error, null));
      setStep({ kind: "choose" });
      return;
    }
    const { added, changed, removed } = result.data;
    toast.success(`Imported ${preview.fileName}: ${plural(added, "row")} added, ${plural(changed, "row")} changed, ${plural(removed, "row")} removed`);
    onOpenChange(false);
    onImported();
  }

  const preview = step.kind === "preview" || step.kind === "applying" ? step.preview : null;
  const writes = preview ? preview.added.length + preview.changed.length + (removeMissing ? preview.missing.length : 0) : 0;
  const cells = preview ? preview.changed.reduce((n, row) => n + row.cells.length, 0) : 0;
  // What is not part of the table is never written unless the engineer chose to skip it.
  const refused = !!preview && preview.structure.total > 0 && structureChoice === "refuse";

  const footer = (
    <>
      <Button variant="outline" onClick={() => onOpenChange(false)} disabled={step.kind === "applying"}>
        Cancel
      </Button>
      {preview && (
        <Button onClick={() => void apply(preview)} disabled={writes === 0 || refused || step.kind === "applying"}>
          {step.kind === "applying" ? "Applying..." : "Apply"}
        </Button>
      )}
    </>
  );

  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(next) => step.kind !== "applying" && onOpenChange(next)}
      title={`Import into ${dataset.title}`}
      description="Rows are matched by Parameter. Nothing is written until you apply; angle rows are in degrees, as on screen."
      footer={footer}
      className="sm:max-w-2xl"
    >
      <div className="grid max-h-[55vh] gap-4 overflow-y-auto pr-1">
        {failure && (
          <Alert variant="destructive" data-testid="import-error">
            <AlertTitle>{failure.title}</AlertTitle>
            <AlertDescription>
              <p>{failure.message}</p>
              {failure.where && <p className="font-medium">{failure.where}</p>}
              {failure.problems.length > 0 && (
                <ul className="mt-1 grid list-disc gap-0.5 pl-5 text-sm" data-testid="import-problems">
                  {failure.problems.map((problem, i) => (
                    <li key={i}>{problem}</li>
                  ))}
                  {failure.more > 0 && <li>and {plural(failure.more, "more problem")}</li>}
                </ul>
              )}
            </AlertDescription>
          </Alert>
        )}

        {(step.kind === "choose" || step.kind === "reading") && (
          <div className="grid gap-2">
            <Label htmlFor="import-file">Excel workbook (.xlsx) or CSV file</Label>
            <Input
              id="import-file"
              type="file"
              accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
              disabled={step.kind === "reading"}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = "";
                if (file) void read(file);
              }}
            />
            <p className="text-xs text-muted-foreground" aria-live="polite">
              {step.kind === "reading"
                ? `Reading ${step.fileName}...`
                : "Export the table first to get a workbook with its columns; rows changed here since that export are never overwritten."}
            </p>
          </div>
        )}

        {preview && (
          <>
            <p className="text-sm" data-testid="import-summary" aria-live="polite">
              <strong>{preview.fileName}</strong> ({preview.sheet}): {plural(preview.added.length, "row")} to add, {plural(preview.changed.length, "row")} to
              change ({plural(cells, "cell")}), {plural(preview.missing.length, "row")} not in the file, {plural(preview.conflicts.length, "conflict")}.
              {preview.newColumns.length > 0 && ` New columns: ${preview.newColumns.join(", ")}.`}
              {!preview.basedOn && " The file is not an export of this table: it is compared with the table as it is now."}
            </p>
            {preview.numbers.read > 0 && (
              <p className="text-sm text-muted-foreground" data-testid="import-numbers">
                {preview.numbers.decimal === "comma" ? "The file writes numbers with a decimal comma" : "The file writes thousands with a comma"}:{" "}
                {plural(preview.numbers.read, "value")} read as numbers
                {preview.numbers.example && ` (${preview.numbers.example.text} as ${preview.numbers.example.as})`}.
              </p>
            )}
            {preview.structure.total > 0 && (
              <Section title="Not part of the table" testId="import-structure">
                <p className="text-sm">
                  The file holds {plural(preview.structure.total, "thing")} that {preview.structure.total === 1 ? "is" : "are"} not part of the table (title
                  rows, hidden rows or columns, merged cells, footnotes). The rest of this preview leaves {preview.structure.total === 1 ? "it" : "them"} out.
                </p>
                <ul className="grid gap-0.5 text-sm">
                  {preview.structure.listed.map((item) => (
                    <li key={`${item.kind}:${item.row}:${item.column}`} data-kind={item.kind}>
                      <span className="font-medium">
                        {item.sheet}, row {item.row}, column {item.column}
                      </span>
                      : {item.what}
                    </li>
                  ))}
                  {preview.structure.total > preview.structure.listed.length && (
                    <li className="text-muted-foreground">and {plural(preview.structure.total - preview.structure.listed.length, "more")}</li>
                  )}
                </ul>
                <fieldset className="mt-1 grid gap-1 text-sm">
                  <legend className="sr-only">What to do with them</legend>
                  <label className="flex items-start gap-2">
                    <input
                      type="radio"
                      name="import-structure"
                      className="mt-0.5 size-4 accent-current"
                      checked={structureChoice === "refuse"}
                      onChange={() => setStructureChoice("refuse")}
                    />
                    Refuse the file: import nothing; fix it in the spreadsheet and import it again
                  </label>
                  <label className="flex items-start gap-2">
                    <input
                      type="radio"
                      name="import-structure"
                      className="mt-0.5 size-4 accent-current"
                      checked={structureChoice === "skip"}
                      onChange={() => setStructureChoice("skip")}
                    />
                    Skip them: import the rest, leaving the table as it is where they are
                  </label>
                </fieldset>
                {refused && <p className="text-xs text-muted-foreground">Nothing will be imported. Choose &ldquo;Skip them&rdquo; to apply the rest.</p>}
              </Section>
            )}
            {preview.trimmed.total > 0 && (
              <Section title="Spaces trimmed" testId="import-trimmed">
                <details className="text-sm">
                  <summary>
                    {plural(preview.trimmed.total, "value")} had spaces at {preview.trimmed.total === 1 ? "its" : "their"} ends;{" "}
                    {preview.trimmed.total === 1 ? "it is" : "they are"} read without them.
                  </summary>
                  <ul className="mt-1 grid gap-0.5 font-mono text-xs">
                    {preview.trimmed.listed.map((cell) => (
                      <li key={`${cell.row}:${cell.column}`}>
                        {cell.parameter || `Row ${cell.row}`}, {cell.header} ({cell.column}
                        {cell.row}): {visible(cell.text)} → {visible(cell.as)}
                      </li>
                    ))}
                    {preview.trimmed.total > preview.trimmed.listed.length && (
                      <li className="text-muted-foreground">and {plural(preview.trimmed.total - preview.trimmed.listed.length, "more value")}</li>
                    )}
                  </ul>
                </details>
              </Section>
            )}
            {writes === 0 && (
              <p className="text-sm text-muted-foreground" data-testid="import-nothing">
                {preview.conflicts.length === 0
                  ? "Nothing to import: the file matches the table."
                  : preview.conflicts.length === 1
                    ? "Nothing will change: 1 conflict skips the file's change (below)."
                    : `Nothing will change: ${preview.conflicts.length} conflicts skip the file's changes (below).`}
              </p>
            )}

            {preview.changed.length > 0 && (
              <Section title="Changed rows" testId="import-changed">
                <ul className="grid gap-1 text-sm">
                  {preview.changed.slice(0, SHOWN).map((row) => (
                    <li key={row.id} data-parameter={row.parameter}>
                      <span className="font-medium">{row.parameter}</span>
                      {isAngleRow(row.parameter) && <span className="text-muted-foreground"> (degrees)</span>}
                      <ul className="ml-4 font-mono text-xs">
                        {row.cells.map((cell) => (
                          <li key={cell.column} data-column={cell.column}>
                            {cell.column}: {shown(cell.before, row.parameter)} → {shown(cell.after, row.parameter)}
                          </li>
                        ))}
                      </ul>
                    </li>
                  ))}
                  <More total={preview.changed.length} />
                </ul>
              </Section>
            )}

            {preview.added.length > 0 && (
              <Section title="Added rows" testId="import-added">
                <ul className="grid gap-0.5 text-sm">
                  {preview.added.slice(0, SHOWN).map((row) => (
                    <li key={row.parameter}>
                      <span className="font-medium">{row.parameter}</span>{" "}
                      <span className="text-muted-foreground">({plural(Object.keys(row.values).length, "value")})</span>
                    </li>
                  ))}
                  <More total={preview.added.length} />
                </ul>
              </Section>
            )}

            {preview.missing.length > 0 && (
              <Section title="Rows not in the file" testId="import-missing">
                <ul className="grid gap-0.5 text-sm">
                  {preview.missing.slice(0, SHOWN).map((row) => (
                    <li key={row.id}>{row.parameter}</li>
                  ))}
                  <More total={preview.missing.length} />
                </ul>
                <label className="mt-1 flex items-center gap-2 text-sm">
                  <input type="checkbox" className="size-4 accent-current" checked={removeMissing} onChange={(e) => setRemoveMissing(e.target.checked)} />
                  Remove rows missing from the file
                </label>
                <p className="text-xs text-muted-foreground">Unticked, they are kept as they are.</p>
              </Section>
            )}

            {preview.conflicts.length > 0 && (
              <Section title="Changed in Pontifex since the export (not overwritten)" testId="import-conflicts">
                <ul className="grid gap-0.5 text-sm">
                  {preview.conflicts.slice(0, SHOWN).map((conflict) => (
                    <li key={`${conflict.id}:${conflict.parameter}`}>
                      <span className="font-medium">{conflict.parameter}</span>{" "}
                      <span className="text-muted-foreground">
                        {conflict.reason === "changed"
                          ? `edited since the export (version ${conflict.exportedVersion} → ${conflict.currentVersion})`
                          : conflict.reason === "added"
                            ? "added since the export"
                            : "deleted or renamed since the export"}
                        {conflict.cells.length > 0 &&
                          `; the file's ${plural(conflict.cells.length, "change")} to it ${conflict.cells.length === 1 ? "is" : "are"} skipped`}
                      </span>
                    </li>
                  ))}
                  <More total={preview.conflicts.length} />
                </ul>
              </Section>
            )}
          </>
        )}
      </div>
    </ResponsiveDialog>
  );
}
