"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { ResponsiveDialog } from "@/components/ui/responsive-dialog";
import { toast } from "@/components/ui/toast";
import { isAngle, isAngleRow } from "@/lib/datasets/angles";
import { datasetsApi } from "@/lib/datasets/api";
import { parameterRow, type Row } from "@/lib/datasets/columns";
import { carriedKind, KIND_UNITS, kindLabel, type RowKind, rowKinds, shownUnit } from "@/lib/datasets/kinds";
import { readingsAcross } from "@/lib/datasets/reinterpret";
import { callApi } from "@/lib/http/contract";
import { ReinterpretDialog } from "./reinterpret-dialog";

/** A kind as the choice names it: free text is the text kind (any value, notes). */
function choiceLabel(kind: RowKind): string {
  if (kind === "text") return "Free text (any value: names, notes)";
  if (kind === "angle") return "Angle (° shown, radians stored)";
  const unit = shownUnit({ kind, unit: KIND_UNITS[kind] });
  const label = kindLabel(kind);
  return `${label[0]!.toUpperCase()}${label.slice(1)}${unit === "—" ? "" : ` (${unit})`}`;
}

const SOURCE = { set: "set for this row", template: "from its table's template", name: "from its name" } as const;

/**
 * The kind of one row, set by its engineers (docs/tables.md, "Kinds and units"): it decides the row's unit, the
 * values it takes, and whether it is an angle row. A choice that makes the stored numbers read differently asks
 * whether to keep or convert them first.
 */
export function KindDialog({
  projectId,
  dataset,
  row,
  onClose,
  onSaved,
}: {
  projectId: number;
  dataset: string;
  row: Row;
  onClose: () => void;
  onSaved: () => void;
}) {
  const parameter = String(row.Parameter ?? "");
  const now = carriedKind(row);
  // "" is "as its template or name says".
  const [choice, setChoice] = useState<RowKind | "">(now?.from === "set" ? now.kind : "");
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  const fromAngle = isAngle(row);
  // Back to the template's or name's kind: an angle row exactly when its name says so (templates.test.ts).
  const toAngle = choice === "" ? isAngleRow(parameter) : choice === "angle";
  const readings = readingsAcross(parameterRow(row).values, fromAngle, toAngle);

  const save = async (numbers: "keep" | "convert") => {
    setBusy(true);
    const result = await callApi(datasetsApi.setKind, {
      params: { id: projectId, ds: dataset, rowId: Number(row.Id) },
      body: { kind: choice === "" ? null : choice, numbers, version: Number(row.Version) },
    });
    setBusy(false);
    if (!result.ok) {
      toast.error(result.error);
      return;
    }
    toast.success(`${parameter}: ${choiceLabel(result.data.data.kind).toLowerCase()}`);
    onSaved();
  };

  if (asking) {
    return (
      <ReinterpretDialog
        title={`Make ${parameter} ${toAngle ? "an angle row" : "a row that is not an angle"}?`}
        description={
          toAngle
            ? `An angle row stores radians and shows degrees: ${parameter}'s numbers would be read as radians.`
            : `${parameter} stores radians and shows degrees; as ${choiceLabel(choice || "text").toLowerCase()} its numbers would be shown as they are stored.`
        }
        action="Set kind"
        readings={readings.map((reading) => ({ row: parameter, reading }))}
        busy={busy}
        onCancel={() => setAsking(false)}
        onKeep={() => void save("keep")}
        onConvert={() => void save("convert")}
      />
    );
  }
  return (
    <ResponsiveDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Kind of ${parameter}`}
      description={`What the row holds decides its unit and the values it takes. Now: ${now ? `${choiceLabel(now.kind)}, ${SOURCE[now.from]}` : "by its name"}.`}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            disabled={busy}
            onClick={() => {
              // Crossing the angle rule with numbers stored asks first.
              if (readings.length > 0) setAsking(true);
              else void save("keep");
            }}
          >
            Set kind
          </Button>
        </>
      }
    >
      <div className="grid gap-2 px-4 sm:px-0">
        <Label htmlFor="row-kind">Kind</Label>
        <NativeSelect id="row-kind" value={choice} onChange={(e) => setChoice(e.target.value as RowKind | "")}>
          <option value="">As its template or name says</option>
          {rowKinds.map((kind) => (
            <option key={kind} value={kind}>
              {choiceLabel(kind)}
            </option>
          ))}
        </NativeSelect>
      </div>
    </ResponsiveDialog>
  );
}
