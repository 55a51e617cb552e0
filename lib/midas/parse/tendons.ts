import { checkRef, fmt, namedItems, type TableReader } from "./reader";
import type { SuperLoadCase } from "./loads";
import type { PscSectionData } from "./sections";
import type { SetupData } from "./setup";

export type TendonGroupData = {
  item: string;
  name: string;
  caseName: string;
  fromSpan: number;
  toSpan: number;
  tendonCount: number;
  strands: number;
  strandArea: number;
  ductDiameter: number;
  jackingForce: number;
  depthAtEnds: number;
  depthAtPiers: number;
  depthAtMidspan: number;
  friction: number;
  /** βp, rad per metre of duct (AS 5100.5); MIDAS's k is μβp. */
  wobbleBetaP: number;
  anchorageSlip: number;
  relaxation: number;
  /** Time-dependent loss after friction, %: the design check's effective prestress (15 when blank). */
  longTermLoss: number;
};

/** The time-dependent loss the design check assumes when the PT table gives none, %. */
export const DEFAULT_LONG_TERM_LOSS = 15;

/** PT: tendon groups, their prestress load case and profile, each within the girder it runs in. */
export function readTendonGroups(
  reader: TableReader,
  setup: SetupData,
  superLoads: readonly SuperLoadCase[],
  pscSections: readonly PscSectionData[],
): TendonGroupData[] {
  const spanCount = setup.spanCount;
  const superNames = superLoads.map((c) => c.name);
  const pscByName = new Map(pscSections.map((s) => [s.name, s]));
  return namedItems(reader).map(({ item, name, label }) => {
    const n = (p: string) => reader.num(p, item, label);
    const t: TendonGroupData = {
      item,
      name,
      caseName: checkRef(reader, "LoadCaseName", item, label, reader.text("LoadCaseName", item, label), superNames, "load case", "Superstructure Loads"),
      fromSpan: n("FromSpan"),
      toSpan: n("ToSpan"),
      tendonCount: n("TendonCount"),
      strands: n("StrandsPerTendon"),
      strandArea: n("StrandArea"),
      ductDiameter: n("DuctDiameter"),
      jackingForce: n("JackingForce"),
      depthAtEnds: n("DepthAtEnds"),
      depthAtPiers: n("DepthAtPiers"),
      depthAtMidspan: n("DepthAtMidspan"),
      friction: n("FrictionCoefficient"),
      wobbleBetaP: n("WobbleBetaP"),
      anchorageSlip: n("AnchorageSlip"),
      relaxation: n("Relaxation"),
      longTermLoss: reader.num("LongTermLoss", item, label, DEFAULT_LONG_TERM_LOSS),
    };
    if (t.fromSpan > t.toSpan) reader.problem("ToSpan", item, `${label} runs from span ${t.fromSpan} to span ${t.toSpan}; ToSpan must not be before FromSpan.`);
    if (Number.isInteger(spanCount) && t.toSpan > spanCount)
      reader.problem("ToSpan", item, `ToSpan of ${label} is ${t.toSpan}, but Model Setup has ${spanCount} spans.`);
    const breaking = (setup.tendonBreakingStrength * t.strands * t.strandArea) / 1000;
    if (t.jackingForce > breaking) {
      reader.problem(
        "JackingForce",
        item,
        `JackingForce of ${label} is ${fmt(t.jackingForce)} kN, more than the breaking load of one tendon (${fmt(Math.round(breaking))} kN = f_pb × strands × strand area).`,
      );
    }
    const spans = setup.spans.filter((s) => s.index >= t.fromSpan && s.index <= t.toSpan);
    const shallowest = Math.min(...spans.flatMap((s) => [pscByName.get(s.section)?.depth ?? Infinity, pscByName.get(s.sectionAtSupport)?.depth ?? Infinity]));
    for (const p of ["DepthAtEnds", "DepthAtPiers", "DepthAtMidspan"] as const) {
      const depth = reader.num(p, item, label);
      if (Number.isFinite(shallowest) && depth >= shallowest) {
        reader.problem(p, item, `${p} of ${label} is ${fmt(depth)} m, at or below the soffit of the girder it runs in (${fmt(shallowest)} m deep).`);
      }
    }
    return t;
  });
}
