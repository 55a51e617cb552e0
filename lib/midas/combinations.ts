/**
 * AS 5100.2:2017 combinations generated from the load cases present (issue 28, point 3; docs/midas.md, "Combinations").
 * Each static case gets a kind from its MIDAS load type; each kind its ultimate and serviceability factors. Permanent
 * and superimposed dead loads enter every ultimate combination twice, once at their maximum factor and once at their
 * minimum (where they relieve: uplift, the span next to a loaded one). Prestress enters ultimate combinations as its
 * secondary effect only (a generated case, model.ts secondaryEffects), serviceability ones with its whole effect.
 */
import type { CombinationData } from "./parse/combinations";
import type { SubLoadCase, SuperLoadCase, VehicleData } from "./parse/loads";

export const LOAD_KINDS = [
  "permanent",
  "superimposed",
  "prestress",
  "traffic",
  "braking",
  "centrifugal",
  "temperature",
  "wind",
  "settlement",
  "other",
] as const;
export type LoadKind = (typeof LOAD_KINDS)[number];

const KIND_OF_TYPE: Record<string, LoadKind> = {
  D: "permanent",
  DC: "superimposed",
  DW: "superimposed",
  PS: "prestress",
  BRK: "braking",
  BK: "braking",
  CF: "centrifugal",
  T: "temperature",
  TPG: "temperature",
  W: "wind",
  WL: "wind",
  STL: "settlement",
  GD: "settlement",
};

/** A static case's kind from its MIDAS load type (Superstructure and Substructure Loads, LoadType). */
export function kindOf(loadType: string): LoadKind {
  return KIND_OF_TYPE[loadType] ?? "other";
}

/**
 * The factors Pontifex generates with, by kind: ultimate maximum and minimum, serviceability. Read from AS 5100.2:2017
 * (docs/midas.md, "Combinations", gives each clause and the reading taken where the text allows two).
 */
export const FACTORS: Record<Exclude<LoadKind, "other">, { ultimate: number; ultimateMin: number; service: number; clause: string }> = {
  permanent: { ultimate: 1.2, ultimateMin: 0.85, service: 1, clause: "Cl 6.2, Table 6.2 (concrete)" },
  superimposed: { ultimate: 2.0, ultimateMin: 0.7, service: 1, clause: "Cl 6.3, Table 6.3 (wearing surface)" },
  prestress: { ultimate: 1.0, ultimateMin: 1.0, service: 1, clause: "AS 5100.5 Cl 2.4.2 (secondary effect at ultimate)" },
  traffic: { ultimate: 1.8, ultimateMin: 1.8, service: 1, clause: "Cl 7.2 (M1600, S1600)" },
  braking: { ultimate: 1.8, ultimateMin: 1.8, service: 1, clause: "Cl 7.7 (with its traffic)" },
  centrifugal: { ultimate: 1.8, ultimateMin: 1.8, service: 1, clause: "Cl 7.8 (with its traffic)" },
  temperature: { ultimate: 1.25, ultimateMin: 1.25, service: 1, clause: "Cl 17.1" },
  wind: { ultimate: 1.0, ultimateMin: 1.0, service: 1, clause: "Cl 16 (the case at the ultimate wind speed)" },
  settlement: { ultimate: 1.0, ultimateMin: 1.0, service: 1, clause: "Cl 22 (an imposed deformation, in every combination)" },
};

export type GeneratedCombination = CombinationData & { generated: true };

type Cases = {
  superLoads: readonly SuperLoadCase[];
  subLoads: readonly SubLoadCase[];
  vehicles: readonly VehicleData[];
  /** Each prestress case with tendons and the name of its secondary-effect case. */
  secondary: readonly { prestress: string; secondary: string }[];
};

const round = (n: number) => Number(n.toFixed(4));

/**
 * The combinations of the cases present: per traffic case, per temperature case (each is one thermal state: a rise and
 * a fall never act together) and for the wind cases together (one wind event on the deck, the traffic and the piers),
 * an ultimate combination with the permanent loads at their maximum factors and one ("-MIN") at their minimum, and a
 * serviceability one; then "ULS-ENV" and "SLS-ENV", the envelopes of each set. Names longer than MIDAS's 20 characters
 * are the caller's to refuse (the case names they come from are at most 20 characters less the prefix).
 */
export function generateCombinations(cases: Cases): GeneratedCombination[] {
  const statics = [...cases.superLoads, ...cases.subLoads].map((c) => ({ name: c.name, kind: kindOf(c.type) }));
  const ofKind = (kind: LoadKind) => statics.filter((c) => c.kind === kind).map((c) => c.name);
  const secondaryOf = new Map(cases.secondary.map((s) => [s.prestress, s.secondary]));
  const permanent = (limit: "ultimate" | "ultimateMin" | "service") => [
    ...ofKind("permanent").map((name) => ({ name, factor: FACTORS.permanent[limit] })),
    ...ofKind("superimposed").map((name) => ({ name, factor: FACTORS.superimposed[limit] })),
    // Prestress without tendons (an engineer's own loads of type PS) has no secondary case: it goes in as it is.
    ...ofKind("prestress").map((name) => ({ name: limit === "service" ? name : (secondaryOf.get(name) ?? name), factor: FACTORS.prestress[limit] })),
    ...ofKind("settlement").map((name) => ({ name, factor: FACTORS.settlement[limit] })),
  ];
  const traffic = cases.vehicles.map((v) => v.caseName).filter((n) => n !== "");
  const companions = [
    ...ofKind("braking").map((name) => ({ name, kind: "braking" as const })),
    ...ofKind("centrifugal").map((name) => ({ name, kind: "centrifugal" as const })),
  ];
  const actions: { label: string; parts: { name: string; kind: Exclude<LoadKind, "other"> }[]; description: string; service: boolean }[] = [
    ...traffic.map((name) => ({
      label: name,
      parts: [{ name, kind: "traffic" as const }, ...companions],
      description: companions.length ? `${name} with ${companions.map((c) => c.name).join(", ")}` : name,
      service: true,
    })),
    ...ofKind("temperature").map((name) => ({ label: name, parts: [{ name, kind: "temperature" as const }], description: name, service: true })),
  ];
  const wind = ofKind("wind");
  // Wind at serviceability needs the serviceability wind speed, which the cases do not carry: no SLS wind combination.
  if (wind.length > 0)
    actions.push({ label: "WIND", parts: wind.map((name) => ({ name, kind: "wind" as const })), description: wind.join(" + "), service: false });

  const out: GeneratedCombination[] = [];
  const add = (name: string, limitState: "Ultimate" | "Serviceability", description: string, factors: { name: string; factor: number }[]) =>
    out.push({ item: "", name, limitState, method: "Add", description, factors: factors.map((f) => ({ ...f, factor: round(f.factor) })), generated: true });
  for (const a of actions) {
    const parts = (limit: "ultimate" | "service") => a.parts.map((p) => ({ name: p.name, factor: FACTORS[p.kind][limit] }));
    add(`ULS-${a.label}`, "Ultimate", `Permanent loads at their maximum factors, ${a.description}`, [...permanent("ultimate"), ...parts("ultimate")]);
    add(`ULS-${a.label}-MIN`, "Ultimate", `Permanent loads at their minimum factors, ${a.description}`, [...permanent("ultimateMin"), ...parts("ultimate")]);
    if (a.service) add(`SLS-${a.label}`, "Serviceability", `Permanent loads, ${a.description}`, [...permanent("service"), ...parts("service")]);
  }
  if (actions.length === 0 && permanent("ultimate").length > 0) {
    // Permanent loads alone still need their strength check.
    add("ULS-PERM", "Ultimate", "Permanent loads at their maximum factors", permanent("ultimate"));
    add("ULS-PERM-MIN", "Ultimate", "Permanent loads at their minimum factors", permanent("ultimateMin"));
    add("SLS-PERM", "Serviceability", "Permanent loads", permanent("service"));
  }
  const envelope = (name: string, limitState: "Ultimate" | "Serviceability", what: string) => {
    const of = out.filter((c) => c.limitState === limitState);
    if (of.length > 0)
      out.push({
        item: "",
        name,
        limitState,
        method: "Envelope",
        description: `Envelope of the ${what}`,
        factors: of.map((c) => ({ name: c.name, factor: 1 })),
        generated: true,
      });
  };
  envelope("ULS-ENV", "Ultimate", "ultimate combinations");
  envelope("SLS-ENV", "Serviceability", "serviceability combinations");
  return out;
}
