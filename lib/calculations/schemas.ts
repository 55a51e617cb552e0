import { z } from "zod";
import { parseBars } from "./bars";
import type { BendingInput } from "./bending";
import type { LapInput } from "./lap-length";
import { cleanSource, SOURCE_MAX_LENGTH } from "./links";
import type { ShearInput } from "./shear";

// In the browser zod's compiled parsers need eval, which the Content-Security-Policy
// forbids; even zod's probe for it is reported as a violation. Set before any schema is built.
if (typeof window !== "undefined") z.config({ jitless: true });

/**
 * The inputs of the three tools, checked the same way by the API (400 naming
 * the field) and by the pages (a message next to the field).
 */

const number = (what: string) => z.number({ error: `${what} must be a number` }).refine(Number.isFinite, { error: `${what} must be a number` });
// Upper limits far beyond any bridge keep the arithmetic finite: a 200 answer never carries NaN or Infinity.
const MAX_MM = 100_000;
const MAX_MM2 = 10_000_000;
const MAX_ACTION = 1_000_000;
// Sizes under a millimetre are typing slips, and dividing by them overflows.
const positive = (what: string, unit: string, max = MAX_MM, min = unit === "mm" ? 1 : 0) =>
  number(what)
    .refine((v) => v > 0, { error: `${what} must be more than 0 ${unit}` })
    .refine((v) => v >= min, { error: `${what} must be at least ${min} ${unit}` })
    .refine((v) => v <= max, { error: `${what} must be at most ${max} ${unit}` });
const atLeast = (what: string, min: number, unit: string, max = MAX_MM) =>
  number(what)
    .refine((v) => v >= min, { error: `${what} must be at least ${min} ${unit}`.trim() })
    .refine((v) => v <= max, { error: `${what} must be at most ${max} ${unit}`.trim() });
const action = (what: string, unit: string) =>
  number(what).refine((v) => Math.abs(v) <= MAX_ACTION, { error: `${what} must be within ±${MAX_ACTION} ${unit}` });
const concreteStrength = number("f'c").refine((v) => v >= 20 && v <= 100, { error: "f'c must be between 20 and 100 MPa" });
const steelStrength = (what: string) => number(what).refine((v) => v >= 250 && v <= 800, { error: `${what} must be between 250 and 800 MPa` });
const elasticModulus = number("Es").refine((v) => v >= 100_000 && v <= 300_000, { error: "Es must be between 100000 and 300000 MPa" });
const flag = (name: string) => z.boolean({ error: `${name} is true or false` });

/** Where the design actions came from (a MIDAS result, a hand calculation): plain text, one line. */
const source = z
  .string({ error: "source is text" })
  .refine((v) => Array.from(v).length <= SOURCE_MAX_LENGTH, { error: `source must be at most ${SOURCE_MAX_LENGTH} characters` })
  .transform((v) => cleanSource(v))
  .optional();
/** Design actions a tool does not use but records on its calc sheet (Concrete Bending: V*, N*). */
const recordedActions = {
  Vstar: action("V*", "kN").optional(),
  Nstar: action("N*", "kN").optional(),
  source,
};

/** A bar layer's area: mm², or bars as drawings write them ("4N28", "12N16 @ 200"), turned into mm². */
const barLayerArea = z.union([z.number(), z.string()], { error: "area is a number of mm² or bars such as 4N28" }).transform((v, ctx) => {
  if (typeof v === "string") {
    try {
      return parseBars(v).area;
    } catch (error) {
      ctx.addIssue({ code: "custom", message: `area "${v}": ${error instanceof Error ? error.message : String(error)}` });
      return z.NEVER;
    }
  }
  if (!Number.isFinite(v)) ctx.addIssue({ code: "custom", message: "area must be a number" });
  else if (!(v > 0)) ctx.addIssue({ code: "custom", message: "area must be more than 0 mm²" });
  else if (v > MAX_MM2) ctx.addIssue({ code: "custom", message: `area must be at most ${MAX_MM2} mm²` });
  return v;
});

const tendonLayer = z.object({
  area: positive("tendon area", "mm²", MAX_MM2),
  depth: positive("tendon depth", "mm"),
  fpb: number("fpb").refine((v) => v >= 1000 && v <= 2200, { error: "fpb must be between 1000 and 2200 MPa" }),
  fpe: number("fpe").refine((v) => v >= 0 && v <= 2200, { error: "fpe must be between 0 and fpb" }),
});

export const bendingSchema = z
  .object({
    shape: z.enum(["rectangle", "T", "I"], { error: 'shape is "rectangle", "T" or "I"' }).default("rectangle"),
    b: positive("b", "mm").optional(),
    D: positive("D", "mm"),
    bw: positive("bw", "mm").optional(),
    bef: positive("bef", "mm").optional(),
    hf: positive("hf", "mm").optional(),
    bfTop: positive("bfTop", "mm").optional(),
    tfTop: positive("tfTop", "mm").optional(),
    bfBottom: positive("bfBottom", "mm").optional(),
    tfBottom: positive("tfBottom", "mm").optional(),
    fc: concreteStrength,
    fsy: steelStrength("fsy").default(500),
    Es: elasticModulus.default(200_000),
    steel: z
      .array(z.object({ area: barLayerArea, depth: positive("depth", "mm") }), { error: "steel is a list of layers {area, depth}" })
      .max(20, { error: "at most 20 layers" }),
    tendons: z.array(tendonLayer, { error: "tendons is a list of layers {area, depth, fpb, fpe}" }).max(20, { error: "at most 20 tendon layers" }).default([]),
    Ep: number("Ep")
      .refine((v) => v >= 150_000 && v <= 220_000, { error: "Ep must be between 150000 and 220000 MPa" })
      .default(195_000),
    tendonMethod: z
      .enum(["approximate", "strainCompatibility"], { error: 'tendonMethod is "approximate" (Cl 8.1.8.2) or "strainCompatibility"' })
      .default("approximate"),
    Ec: number("Ec")
      .refine((v) => v >= 15_000 && v <= 60_000, { error: "Ec must be between 15000 and 60000 MPa" })
      .optional(),
    ductilityClass: z.enum(["N", "L"], { error: 'ductilityClass is "N" or "L"' }).default("N"),
    edition: z
      .enum(["AS3600:2018", "AS3600:2009", "AS5100.5:2017"], { error: 'edition is "AS3600:2018", "AS3600:2009" or "AS5100.5:2017"' })
      .default("AS3600:2018"),
    Mstar: action("M*", "kNm").optional(),
    ...recordedActions,
  })
  .superRefine((v, ctx) => {
    if (v.steel.length === 0 && v.tendons.length === 0)
      ctx.addIssue({ code: "custom", path: ["steel"], message: "give at least one layer of steel or of tendons" });
    if (v.shape === "rectangle" && v.b === undefined) ctx.addIssue({ code: "custom", path: ["b"], message: "a rectangle needs its width b" });
    if (v.shape === "T") {
      for (const key of ["bw", "bef", "hf"] as const)
        if (v[key] === undefined) ctx.addIssue({ code: "custom", path: [key], message: `a T-section needs ${key}` });
      if (v.bw !== undefined && v.bef !== undefined && v.bef < v.bw)
        ctx.addIssue({ code: "custom", path: ["bef"], message: "the flange is at least as wide as the web" });
      if (v.hf !== undefined && v.hf >= v.D) ctx.addIssue({ code: "custom", path: ["hf"], message: "the flange is thinner than the section" });
    }
    if (v.shape === "I") {
      for (const key of ["bw", "bfTop", "tfTop", "bfBottom", "tfBottom"] as const)
        if (v[key] === undefined) ctx.addIssue({ code: "custom", path: [key], message: `an I-section needs ${key}` });
      for (const key of ["bfTop", "bfBottom"] as const)
        if (v.bw !== undefined && v[key] !== undefined && v[key] < v.bw)
          ctx.addIssue({ code: "custom", path: [key], message: "each flange is at least as wide as the webs" });
      if (v.tfTop !== undefined && v.tfBottom !== undefined && v.tfTop + v.tfBottom >= v.D)
        ctx.addIssue({ code: "custom", path: ["tfBottom"], message: "the two flanges leave no web: tfTop + tfBottom must be less than D" });
    }
    v.steel.forEach((layer, i) => {
      if (layer.depth >= v.D)
        ctx.addIssue({ code: "custom", path: ["steel", i, "depth"], message: `the bars are outside the section (depth ${layer.depth} ≥ D ${v.D} mm)` });
    });
    v.tendons.forEach((t, i) => {
      if (t.depth >= v.D)
        ctx.addIssue({ code: "custom", path: ["tendons", i, "depth"], message: `the tendons are outside the section (depth ${t.depth} ≥ D ${v.D} mm)` });
      if (t.fpe > t.fpb) ctx.addIssue({ code: "custom", path: ["tendons", i, "fpe"], message: `fpe must be between 0 and fpb (${t.fpb} MPa)` });
    });
  })
  .transform((v): BendingInput => {
    const common = {
      D: v.D,
      fc: v.fc,
      fsy: v.fsy,
      Es: v.Es,
      steel: v.steel,
      ...(v.tendons.length > 0 ? { tendons: v.tendons, Ep: v.Ep, tendonMethod: v.tendonMethod, ...(v.Ec === undefined ? {} : { Ec: v.Ec }) } : {}),
      ductilityClass: v.ductilityClass,
      edition: v.edition,
      Mstar: v.Mstar,
    };
    if (v.shape === "rectangle") return { shape: "rectangle", b: v.b!, ...common };
    if (v.shape === "T") return { shape: "T", bw: v.bw!, bef: v.bef!, hf: v.hf!, ...common };
    return { shape: "I", bw: v.bw!, bfTop: v.bfTop!, tfTop: v.tfTop!, bfBottom: v.bfBottom!, tfBottom: v.tfBottom!, ...common };
  });

export const shearSchema = z
  .object({
    bv: positive("bv", "mm"),
    D: positive("D", "mm"),
    d: positive("d", "mm"),
    fc: concreteStrength,
    // At least 1 mm² (unless tendons are given): less is a typing slip, and εx of a 1e-300 mm² bar overflows.
    Ast: atLeast("Ast", 0, "mm²", MAX_MM2),
    Mstar: action("M*", "kNm").default(0),
    Vstar: action("V*", "kN").default(0),
    Nstar: action("N*", "kN").default(0),
    Asv: atLeast("Asv", 0, "mm²", MAX_MM2).default(0),
    s: positive("s", "mm").default(200),
    fsyf: steelStrength("fsy.f").default(500),
    alphaV: number("αv")
      .refine((v) => v >= 30 && v <= 90, { error: "αv must be between 30° and 90°" })
      .default(90),
    dg: atLeast("dg", 0, "mm", 100).default(20),
    method: z.enum(["general", "simplified"], { error: 'method is "general" or "simplified"' }).default("general"),
    amendment: z.union([z.literal(0), z.literal(2)], { error: "amendment is 2 (Amendment 2) or 0 (as first published)" }).default(2),
    Es: elasticModulus.default(200_000),
    negativeStrain: z.enum(["zero", "EcAct"], { error: 'negativeStrain is "zero" or "EcAct"' }).default("zero"),
    Ec: number("Ec")
      .refine((v) => v >= 10_000 && v <= 60_000, { error: "Ec must be between 10000 and 60000 MPa" })
      .optional(),
    Act: positive("Act", "mm²", MAX_MM2).optional(),
    av: positive("av", "mm").optional(),
    supportCompression: flag("supportCompression").default(true),
    loadNearSupport: flag("loadNearSupport").default(false),
    edition: z.enum(["AS3600:2018", "AS5100.5:2017"], { error: 'edition is "AS3600:2018" or "AS5100.5:2017"' }).default("AS3600:2018"),
    Apt: atLeast("Apt", 0, "mm²", MAX_MM2).optional(),
    fpo: number("fpo")
      .refine((v) => v >= 0 && v <= 2000, { error: "fpo must be between 0 and 2000 MPa" })
      .optional(),
    Ep: number("Ep")
      .refine((v) => v >= 150_000 && v <= 220_000, { error: "Ep must be between 150000 and 220000 MPa" })
      .default(195_000),
    Pv: action("Pv", "kN").optional(),
    source,
  })
  .superRefine((v, ctx) => {
    if (v.d >= v.D) ctx.addIssue({ code: "custom", path: ["d"], message: `d must be less than D (${v.D} mm)` });
    // Ast under 1 mm² is a slip unless bonded tendons (at least 1 mm²) stand in for it.
    if (v.Ast < 1 && !((v.Apt ?? 0) >= 1)) {
      ctx.addIssue({ code: "custom", path: ["Ast"], message: v.Ast === 0 ? "Ast must be more than 0 mm² (or give Apt)" : "Ast must be at least 1 mm²" });
    }
    if (v.Apt !== undefined && v.Apt > 0 && v.Apt < 1) ctx.addIssue({ code: "custom", path: ["Apt"], message: "Apt must be 0 or at least 1 mm²" });
    if (v.fpo !== undefined && v.Apt === undefined) ctx.addIssue({ code: "custom", path: ["Apt"], message: "fpo needs Apt, the area of the bonded tendons" });
    if (v.Apt !== undefined && v.Apt > 0 && v.fpo === undefined)
      ctx.addIssue({ code: "custom", path: ["fpo"], message: "Apt needs fpo, the tendon stress at zero concrete stress" });
    if (v.loadNearSupport && v.av === undefined)
      ctx.addIssue({ code: "custom", path: ["av"], message: "give av, the distance of the section from the face of the support" });
  })
  .transform((v): ShearInput => v);

export const lapSchema = z
  .object({
    db: positive("db", "mm").refine((v) => v <= 57, { error: "db is at most 57 mm" }),
    fc: concreteStrength,
    fsy: steelStrength("fsy").default(500),
    cd: positive("cd", "mm").optional(),
    cover: positive("cover", "mm").optional(),
    clearSpacing: positive("clear spacing", "mm").optional(),
    castBelow300: z.boolean({ error: "castBelow300 is true or false" }).default(false),
    epoxy: z.boolean({ error: "epoxy is true or false" }).default(false),
    lightweight: z.boolean({ error: "lightweight is true or false" }).default(false),
    barType: z.enum(["deformed", "plain"], { error: 'barType is "deformed" or "plain"' }).default("deformed"),
    asRatio: atLeast("As provided / As required", 0, "", 1000).default(1),
    splicedShare: number("share of bars lapped")
      .refine((v) => v >= 0 && v <= 1, { error: "share of bars lapped is between 0 and 1" })
      .default(1),
    narrow: z.boolean({ error: "narrow is true or false" }).default(true),
    sb: atLeast("sb", 0, "mm").default(0),
    refined: flag("refined").default(false),
    K: z.union([z.literal(0), z.literal(0.05), z.literal(0.1)], { error: "K is 0, 0.05 or 0.1 (Figure 13.1.2.3)" }).default(0),
    sumAtr: atLeast("ΣAtr", 0, "mm²", MAX_MM2).default(0),
    rhoP: atLeast("ρp", 0, "MPa", 100).default(0),
    confinement: z.enum(["none", "fitments", "helix"], { error: 'confinement is "none", "fitments" or "helix"' }).default("none"),
    Atr: positive("Atr", "mm²", MAX_MM2).optional(),
    fitmentSpacing: positive("fitment spacing", "mm").optional(),
    threeFitments: flag("threeFitments").default(false),
    compressionRefined: flag("compressionRefined").default(false),
    helixBars: number("bars in the helix")
      .refine((v) => Number.isInteger(v) && v >= 1 && v <= 100, { error: "bars in the helix is a whole number from 1 to 100" })
      .default(1),
    // No design actions: a lap length needs none. M*, V*, N* and source in an older body or link are ignored (stripped), not refused.
  })
  .superRefine((v, ctx) => {
    if (v.cd === undefined && (v.cover === undefined || v.clearSpacing === undefined)) {
      ctx.addIssue({ code: "custom", path: ["cd"], message: "give cd, or the cover and the clear spacing" });
    }
    if (v.confinement !== "none") {
      if (v.Atr === undefined) ctx.addIssue({ code: "custom", path: ["Atr"], message: "give Atr, the area of one fitment or helix bar" });
      if (v.fitmentSpacing === undefined)
        ctx.addIssue({ code: "custom", path: ["fitmentSpacing"], message: "give the spacing (pitch) of the fitments or helix" });
    }
  })
  .transform((v): LapInput => v);

/** Field path → message, for showing errors next to the fields. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "form";
    errors[key] ??= issue.message;
  }
  return errors;
}
