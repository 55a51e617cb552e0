"use client";

import { PlusIcon, Trash2Icon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { parseBars } from "@/lib/calculations/bars";
import { bendingStrength } from "@/lib/calculations/bending";
import { calculationLink } from "@/lib/calculations/links";
import { bendingSchema } from "@/lib/calculations/schemas";
import { fmt } from "@/lib/calculations/working";
import type { SearchParams } from "@/lib/navigation";
import { CalcSheet } from "./calc-sheet";
import { ChoiceField, DESIGN_ACTION_DEFAULTS, DesignActionsFields, designActionsSummary, NumberField, numberFields, TextField } from "./fields";
import { type FormValues, num, useCalculation, useUrlForm } from "./url-form";
import { SectionSketch } from "./section-sketch";

const BENDING_DEFAULTS: FormValues = {
  shape: "rectangle",
  b: "300",
  D: "450",
  bw: "300",
  bef: "1000",
  hf: "150",
  fc: "32",
  fsy: "500",
  Es: "200000",
  bfTop: "2000",
  tfTop: "200",
  bfBottom: "800",
  tfBottom: "200",
  steel: "1800@390",
  tendons: "",
  Ep: "195000",
  tendonMethod: "approximate",
  ductilityClass: "N",
  edition: "AS3600:2018",
  ...DESIGN_ACTION_DEFAULTS,
};

/** Steel layers in the URL: `area@depth;area@depth`. */
function parseLayers(text: string): { area: string; depth: string }[] {
  if (!text.trim()) return [];
  return text.split(";").map((pair) => {
    const [area = "", depth = ""] = pair.split("@");
    return { area, depth };
  });
}
const joinLayers = (layers: { area: string; depth: string }[]) => layers.map((l) => `${l.area}@${l.depth}`).join(";");

type TendonText = { area: string; depth: string; fpb: string; fpe: string };
/** Tendon layers in the URL: `area@depth@fpb@fpe;...`. */
function parseTendons(text: string): TendonText[] {
  if (!text.trim()) return [];
  return text.split(";").map((item) => {
    const [area = "", depth = "", fpb = "", fpe = ""] = item.split("@");
    return { area, depth, fpb, fpe };
  });
}
const joinTendons = (tendons: TendonText[]) => tendons.map((t) => `${t.area}@${t.depth}@${t.fpb}@${t.fpe}`).join(";");

/** A layer's area as typed: mm² as a number, or bars ("4N28") for the schema to work out. */
const areaOf = (text: string) => (/[a-z]/i.test(text) ? text.trim() : num(text));

/** "= 2464 mm²" beside bars typed as text; nothing for a plain number or what is not bars. */
function barsHint(text: string): string | undefined {
  if (!/[a-z]/i.test(text)) return undefined;
  try {
    return `= ${parseBars(text).area} mm²`;
  } catch {
    return undefined;
  }
}

const STANDARDS: Record<string, string> = {
  "AS3600:2018": "AS 3600:2018 Cl 8.1",
  "AS5100.5:2017": "AS 5100.5:2017 Cl 8.1 (bridges)",
  "AS3600:2009": "AS 3600:2018 Cl 8.1 with the AS 3600:2009 stress block",
};

export function BendingCalculator({ params }: { params: SearchParams }) {
  const [values, set] = useUrlForm(BENDING_DEFAULTS, params);
  const layers = parseLayers(values.steel ?? "");
  const tendons = parseTendons(values.tendons ?? "");
  const shape = values.shape === "T" || values.shape === "I" ? values.shape : "rectangle";
  const rectangle = shape === "rectangle";
  const candidate = {
    shape: values.shape,
    b: rectangle ? num(values.b) : undefined,
    D: num(values.D),
    bw: rectangle ? undefined : num(values.bw),
    bef: shape === "T" ? num(values.bef) : undefined,
    hf: shape === "T" ? num(values.hf) : undefined,
    bfTop: shape === "I" ? num(values.bfTop) : undefined,
    tfTop: shape === "I" ? num(values.tfTop) : undefined,
    bfBottom: shape === "I" ? num(values.bfBottom) : undefined,
    tfBottom: shape === "I" ? num(values.tfBottom) : undefined,
    fc: num(values.fc),
    fsy: num(values.fsy),
    Es: num(values.Es),
    steel: layers.map((l) => ({ area: areaOf(l.area), depth: num(l.depth) })),
    tendons: tendons.map((t) => ({ area: num(t.area), depth: num(t.depth), fpb: num(t.fpb), fpe: num(t.fpe) })),
    Ep: tendons.length > 0 ? num(values.Ep) : undefined,
    tendonMethod: tendons.length > 0 ? values.tendonMethod : undefined,
    ductilityClass: values.ductilityClass,
    edition: values.edition,
    Mstar: num(values.Mstar),
    Vstar: num(values.Vstar),
    Nstar: num(values.Nstar),
    source: values.source || undefined,
  };
  const { input, result, errors } = useCalculation(bendingSchema, candidate, bendingStrength);

  const setLayer = (index: number, key: "area" | "depth", value: string) =>
    set("steel", joinLayers(layers.map((l, i) => (i === index ? { ...l, [key]: value } : l))));
  const setTendon = (index: number, key: keyof TendonText, value: string) =>
    set("tendons", joinTendons(tendons.map((t, i) => (i === index ? { ...t, [key]: value } : t))));
  const field = numberFields(values, set, errors);

  const inputs = (
    <>
      <ChoiceField
        name="shape"
        label="Section"
        values={values}
        onChange={set}
        options={[
          { value: "rectangle", label: "Rectangle" },
          { value: "T", label: "T-section" },
          { value: "I", label: "I / box (equivalent I)" },
        ]}
      />
      <div className="grid grid-cols-2 gap-3">
        {rectangle ? field("b", "Width b", "mm") : field("bw", shape === "I" ? "Webs bw (all together)" : "Web bw", "mm")}
        {field("D", "Depth D", "mm")}
        {shape === "T" && field("bef", "Flange bef", "mm")}
        {shape === "T" && field("hf", "Flange hf", "mm")}
        {shape === "I" && field("bfTop", "Top flange width", "mm")}
        {shape === "I" && field("tfTop", "Top flange thickness", "mm")}
        {shape === "I" && field("bfBottom", "Bottom flange width", "mm")}
        {shape === "I" && field("tfBottom", "Bottom flange thickness", "mm")}
        {field("fc", "f'c", "MPa", "20 to 100 MPa")}
        {field("fsy", "fsy", "MPa")}
        {field("Es", "Es", "MPa")}
      </div>
      <DesignActionsFields
        values={values}
        onChange={set}
        errors={errors}
        hints={{
          Mstar: "Checks |M*| ≤ φMuo; negative: hogging, the top face in tension",
          Vstar: "Recorded; check it with Concrete Shear",
          Nstar: "Compression positive; recorded, not used",
        }}
      />
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Bar layers (depth from the top; area in mm² or as bars, e.g. 4N28)</legend>
        {layers.map((layer, i) => (
          <div key={i} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
            <TextField
              name={`steel.${i}.area`}
              label={`Layer ${i + 1} area`}
              unit="mm² or bars"
              values={{ [`steel.${i}.area`]: layer.area }}
              onChange={(_, v) => setLayer(i, "area", v)}
              errors={errors}
              hint={barsHint(layer.area)}
            />
            <NumberField
              name={`steel.${i}.depth`}
              label="depth"
              unit="mm"
              values={{ [`steel.${i}.depth`]: layer.depth }}
              onChange={(_, v) => setLayer(i, "depth", v)}
              errors={errors}
            />
            <Button
              variant="ghost"
              size="icon-sm"
              className="mt-6"
              aria-label={`Remove layer ${i + 1}`}
              disabled={layers.length === 1 && tendons.length === 0}
              onClick={() => set("steel", joinLayers(layers.filter((_, j) => j !== i)))}
            >
              <Trash2Icon aria-hidden="true" />
            </Button>
          </div>
        ))}
        {errors.steel && (
          <p className="text-xs text-destructive" role="alert">
            {errors.steel}
          </p>
        )}
        <Button variant="outline" size="sm" className="justify-self-start" onClick={() => set("steel", joinLayers([...layers, { area: "900", depth: "60" }]))}>
          <PlusIcon aria-hidden="true" />
          Add layer
        </Button>
      </fieldset>
      <fieldset className="grid gap-2" data-testid="tendon-layers">
        <legend className="mb-1 text-sm font-medium">Bonded tendons (depth from the top; fpe after losses)</legend>
        {tendons.map((t, i) => (
          <div key={i} className="grid grid-cols-2 items-start gap-2 sm:grid-cols-[1fr_1fr_1fr_1fr_auto]">
            {(
              [
                ["area", `Tendons ${i + 1} area`, "mm²"],
                ["depth", "depth", "mm"],
                ["fpb", "fpb", "MPa"],
                ["fpe", "fpe", "MPa"],
              ] as const
            ).map(([key, label, unit]) => (
              <NumberField
                key={key}
                name={`tendons.${i}.${key}`}
                label={label}
                unit={unit}
                values={{ [`tendons.${i}.${key}`]: t[key] }}
                onChange={(_, v) => setTendon(i, key, v)}
                errors={errors}
              />
            ))}
            <Button
              variant="ghost"
              size="icon-sm"
              className="mt-6"
              aria-label={`Remove tendon layer ${i + 1}`}
              onClick={() => set("tendons", joinTendons(tendons.filter((_, j) => j !== i)))}
            >
              <Trash2Icon aria-hidden="true" />
            </Button>
          </div>
        ))}
        {tendons.length > 0 && <div className="grid grid-cols-2 gap-3">{field("Ep", "Ep", "MPa", "195000 for strand (Cl 3.3.2)")}</div>}
        {tendons.length > 0 && (
          <ChoiceField
            name="tendonMethod"
            label="Tendon stress at ultimate"
            values={values}
            onChange={set}
            options={[
              { value: "approximate", label: "σpu, Cl 8.1.8.2" },
              { value: "strainCompatibility", label: "Strain compatibility (strand law)" },
            ]}
          />
        )}
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() =>
            set(
              "tendons",
              joinTendons([...tendons, { area: "1000", depth: values.D ? String(Math.round(0.8 * Number(values.D))) : "", fpb: "1870", fpe: "1100" }]),
            )
          }
        >
          <PlusIcon aria-hidden="true" />
          Add tendon layer
        </Button>
      </fieldset>
      <ChoiceField
        name="ductilityClass"
        label="Reinforcement"
        values={values}
        onChange={set}
        options={[
          { value: "N", label: "Class N" },
          { value: "L", label: "Class L" },
        ]}
      />
      <ChoiceField
        name="edition"
        label="Standard"
        values={values}
        onChange={set}
        options={[
          { value: "AS3600:2018", label: "AS 3600:2018 (Amdt 2)" },
          { value: "AS5100.5:2017", label: "AS 5100.5:2017 (bridges)" },
          { value: "AS3600:2009", label: "AS 3600:2018 with the 2009 stress block" },
        ]}
      />
    </>
  );

  const summary: [string, string][] = [
    [
      "Section",
      rectangle
        ? `rectangle ${values.b} × ${values.D} mm`
        : shape === "T"
          ? `T: bw ${values.bw}, D ${values.D}, bef ${values.bef}, hf ${values.hf} mm`
          : `I: D ${values.D}, top flange ${values.bfTop} × ${values.tfTop}, webs ${values.bw}, bottom flange ${values.bfBottom} × ${values.tfBottom} mm`,
    ],
    ["Concrete", `f'c ${values.fc} MPa`],
    [
      "Steel",
      `fsy ${values.fsy} MPa, Es ${values.Es} MPa, Class ${values.ductilityClass}; layers ${layers.map((l) => `${l.area}${barsHint(l.area) ? ` (${barsHint(l.area)})` : " mm²"} at ${l.depth} mm`).join(", ") || "none"}`,
    ],
    ...(tendons.length > 0
      ? ([
          [
            "Tendons",
            `Ep ${values.Ep} MPa, ${values.tendonMethod === "strainCompatibility" ? "stress by strain compatibility (Cl 8.1.8.1)" : "σpu (Cl 8.1.8.2)"}; ${tendons.map((t) => `${t.area} mm² at ${t.depth} mm, fpb ${t.fpb}, fpe ${t.fpe} MPa`).join("; ")}`,
          ],
        ] as [string, string][])
      : []),
    ["Standard", STANDARDS[values.edition ?? ""] ?? String(values.edition)],
    ...designActionsSummary(values),
  ];
  // Shown only beside valid results, so these are finite or absent; a link must never carry NaN.
  const finite = (text: string | undefined) => {
    const n = num(text);
    return n !== undefined && Number.isFinite(n) ? n : undefined;
  };
  const [M, V, N] = [finite(values.Mstar), finite(values.Vstar), finite(values.Nstar)];
  const recorded = !!V || !!N;

  return (
    <CalcSheet
      title="Concrete Bending"
      standard={`Bending strength of a reinforced or prestressed concrete section, ${STANDARDS[values.edition ?? ""] ?? "AS 3600:2018 Cl 8.1"} (strain compatibility; bonded tendons ${values.tendonMethod === "strainCompatibility" ? "by strain compatibility, Cl 8.1.8.1" : "at σpu, Cl 8.1.8.2"})`}
      inputs={inputs}
      summary={summary}
      result={result}
      errors={errors}
      figures={() => [
        { label: "dn (mm)", value: fmt(result!.dn, 5), testId: "result-dn" },
        { label: "kuo", value: fmt(result!.kuo, 3), testId: "result-kuo" },
        { label: "Muo (kNm)", value: fmt(result!.Muo), testId: "result-muo" },
        { label: "φMuo (kNm)", value: fmt(result!.phiMuo), testId: "result-phimuo" },
        { label: "Tension face", value: result!.sense === "hogging" ? "top (hogging)" : "bottom (sagging)", testId: "result-sense" },
      ]}
      sketch={() => <SectionSketch input={input!} result={result!} />}
      source={values.source}
      note={
        recorded
          ? () => (
              <p className="text-sm text-muted-foreground" data-testid="actions-note">
                {!!N && `N* = ${values.Nstar} kN is not taken into account: this tool works bending without axial force (Cl 8.1). `}
                {!!V && (
                  <>
                    Check V* = {values.Vstar} kN with{" "}
                    <a className="underline underline-offset-2" href={calculationLink("shear", { Mstar: M, Vstar: V, Nstar: N }, values.source || undefined)}>
                      Concrete Shear
                    </a>
                    .
                  </>
                )}
              </p>
            )
          : undefined
      }
    />
  );
}
