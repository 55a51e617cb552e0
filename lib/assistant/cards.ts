import type { BendingInput, BendingResult } from "@/lib/calculations/bending";
import type { LapInput, LapResult } from "@/lib/calculations/lap-length";
import type { ShearInput, ShearResult } from "@/lib/calculations/shear";
import type { Check, Step } from "@/lib/calculations/working";
import type { Row } from "@/lib/datasets/columns";
import type { ResultKind } from "@/lib/midas/results";
import type { MidasStatus } from "./context";

/**
 * What each assistant tool returns: the data of the card the chat shows for
 * it. The model reads the same object (framed as data, see tools.ts), so the
 * numbers it quotes are the ones on the card.
 */

export type KeyResult = { symbol: string; label: string; value: string; unit?: string; clause?: string };

export type CalculationCard = {
  kind: "calculation";
  calculation: "bending" | "shear" | "lap";
  title: string;
  results: KeyResult[];
  checks: Check[];
  /** Every clause the working refers to, in order. */
  clauses: string[];
  /** The calculator page with these inputs in its address. */
  link: string;
};

export type RowsCard = {
  kind: "rows";
  dataset: string;
  title: string;
  columns: string[];
  /** Angle rows carry their values in degrees, as the table shows them. */
  rows: { id: number; parameter: string; version: number; angle: boolean; values: Record<string, string> }[];
  total: number;
  truncated: boolean;
};

export type DatasetsCard = { kind: "datasets"; datasets: { key: string; title: string; group: "revit" | "midas"; rowCount: number }[] };

/** Why a proposal has no Apply/Confirm button (a viewer, no project, MIDAS not connected). */
export type NotApplicable = { applicable: false; reason: string } | { applicable: true; reason?: undefined };

export type RowEdit = {
  rowId: number;
  parameter: string;
  column: string;
  /** The row's Version when the proposal was made: Apply saves only if nobody saved since. */
  version: number;
  angle: boolean;
  /** As the table shows them (degrees on angle rows). */
  oldValue: string;
  newValue: string;
  /** What is stored, and what Apply writes (radians as text on angle rows). */
  oldStored: string;
  newStored: string;
};

/** What the engineer's click did, written back into the tool's output so the card and the model both see it. */
export type ActionOutcome =
  | { ok: true; message: string; at: string }
  /** declined: the engineer pressed Discard; otherwise the action failed (conflict: the row changed since the proposal). */
  | { ok: false; message: string; at: string; declined?: boolean; conflict?: { rowId: number; current: Row } };

export type RowEditsProposal = NotApplicable & {
  kind: "rowEdits";
  dataset: string;
  title: string;
  edits: RowEdit[];
  /** Changes the tool left out, and why (unknown row, same value, ...). */
  skipped: string[];
  outcome?: ActionOutcome;
};

export type ConfirmAction = "pushToRevit" | "createMidasModel" | "runMidasAnalysis";

export type ConfirmProposal = NotApplicable & {
  kind: "confirm";
  action: ConfirmAction;
  title: string;
  /** One sentence: what happens on Confirm. */
  summary: string;
  dataset?: string;
  parameter?: string;
  outcome?: ActionOutcome;
};

export type MidasResultsCard =
  | { kind: "midasResults"; resultKind: ResultKind; available: false; message: string }
  | {
      kind: "midasResults";
      resultKind: ResultKind;
      available: true;
      units: { force: string; length: string };
      columns: string[];
      rows: (string | number)[][];
      totalRows: number;
      truncated: boolean;
      stale: boolean;
    };

export type MidasStatusCard = MidasStatus & { kind: "midasStatus" };

export type Proposal = RowEditsProposal | ConfirmProposal;

const CALCULATOR_PATHS = { bending: "/calculations", shear: "/calculations/concreteshear", lap: "/calculations/laplength" } as const;

function link(path: string, values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined) params.set(key, String(value));
  return `${path}?${params.toString()}`;
}

const flag = (value: boolean) => (value ? "1" : "0");

/** The parameter names are those of components/calculations/*-calculator.tsx. */
export function bendingLink(input: BendingInput): string {
  const shape =
    input.shape === "rectangle"
      ? { shape: "rectangle", b: input.b }
      : input.shape === "T"
        ? { shape: "T", bw: input.bw, bef: input.bef, hf: input.hf }
        : { shape: "I", bw: input.bw, bfTop: input.bfTop, tfTop: input.tfTop, bfBottom: input.bfBottom, tfBottom: input.tfBottom };
  return link(CALCULATOR_PATHS.bending, {
    ...shape,
    D: input.D,
    fc: input.fc,
    fsy: input.fsy,
    Es: input.Es,
    steel: input.steel.map((layer) => `${layer.area}@${layer.depth}`).join(";"),
    tendons: input.tendons?.length ? input.tendons.map((t) => `${t.area}@${t.depth}@${t.fpb}@${t.fpe}`).join(";") : undefined,
    Ep: input.tendons?.length ? input.Ep : undefined,
    ductilityClass: input.ductilityClass,
    edition: input.edition,
    Mstar: input.Mstar ?? "",
  });
}

export function shearLink(input: ShearInput): string {
  const { bv, D, d, fc, Ast, Mstar, Vstar, Nstar, Asv, s, fsyf, alphaV, dg, method, amendment, edition, Apt, fpo, Ep, Pv } = input;
  return link(CALCULATOR_PATHS.shear, { bv, D, d, fc, Ast, Mstar, Vstar, Nstar, Asv, s, fsyf, alphaV, dg, method, amendment, edition, Apt, fpo, Ep, Pv });
}

export function lapLink(input: LapInput): string {
  const cover = input.cd === undefined ? { cdFrom: "cover", cover: input.cover, clearSpacing: input.clearSpacing } : { cdFrom: "cd", cd: input.cd };
  return link(CALCULATOR_PATHS.lap, {
    db: input.db,
    fc: input.fc,
    fsy: input.fsy,
    ...cover,
    castBelow300: flag(input.castBelow300),
    epoxy: flag(input.epoxy),
    lightweight: flag(input.lightweight),
    barType: input.barType,
    asRatio: input.asRatio,
    splicedShare: input.splicedShare,
    narrow: flag(input.narrow),
    sb: input.sb,
  });
}

function pick(steps: Step[], symbols: string[]): KeyResult[] {
  return symbols.flatMap((symbol) => {
    const step = steps.find((s) => s.symbol === symbol);
    return step ? [{ symbol, label: step.label, value: String(step.value), unit: step.unit, clause: step.clause }] : [];
  });
}

function clausesOf(steps: Step[], checks: Check[]): string[] {
  const all = [...steps.map((s) => s.clause), ...checks.map((c) => c.clause)].filter((c): c is string => Boolean(c));
  return [...new Set(all)];
}

export function bendingCard(input: BendingInput, result: BendingResult): CalculationCard {
  return {
    kind: "calculation",
    calculation: "bending",
    title: `Concrete bending, ${input.shape === "T" ? "T-section" : "rectangular section"} (${input.edition})`,
    results: pick(result.steps, ["dn", "kuo", "Muo", "φ", "φMuo", "(Muo)min"]),
    checks: result.checks,
    clauses: clausesOf(result.steps, result.checks),
    link: bendingLink(input),
  };
}

export function shearCard(input: ShearInput, result: ShearResult): CalculationCard {
  return {
    kind: "calculation",
    calculation: "shear",
    title: `Concrete shear, ${input.method} method (AS 3600:2018${input.amendment === 2 ? " with Amendment 2" : ""})`,
    results: pick(result.steps, ["dv", "kv", "θv", "Vuc", "Vus", "Vu.max", "φ", "φVu", "Asv.min", "s.max"]),
    checks: result.checks,
    clauses: clausesOf(result.steps, result.checks),
    link: shearLink(input),
  };
}

export function lapCard(input: LapInput, result: LapResult): CalculationCard {
  const rounded = (symbol: string, label: string, length: { rounded: number }, clause: string): KeyResult => ({
    symbol,
    label: `${label}, rounded up to 10 mm`,
    value: String(length.rounded),
    unit: "mm",
    clause,
  });
  return {
    kind: "calculation",
    calculation: "lap",
    title: `Development and lap lengths, N${input.db} bars (AS 3600:2018)`,
    results: [
      ...pick(result.steps, ["cd", "k1", "k2", "k3", "k7"]),
      rounded("Lsy.t", "Development length in tension", result.Lsyt, "13.1.2"),
      rounded("Lsy.t.lap", "Tension lap length", result.Lsytlap, "13.2.2"),
      rounded("Lsy.c", "Development length in compression", result.Lsycb, "13.1.5.1"),
      rounded("Lsy.c.lap", "Compression lap length", result.Lsyclap, "13.2.4"),
    ],
    checks: result.checks,
    clauses: clausesOf(result.steps, result.checks),
    link: lapLink(input),
  };
}
