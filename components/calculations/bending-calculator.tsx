"use client";

import { PlusIcon, Trash2Icon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { bendingStrength } from "@/lib/calculations/bending";
import { calculationLink } from "@/lib/calculations/links";
import { bendingSchema } from "@/lib/calculations/schemas";
import { fmt } from "@/lib/calculations/working";
import type { SearchParams } from "@/lib/navigation";
import { CalcSheet } from "./calc-sheet";
import { ChoiceField, DESIGN_ACTION_DEFAULTS, DesignActionsFields, designActionsSummary, NumberField, numberFields } from "./fields";
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
  steel: "1800@390",
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

export function BendingCalculator({ params }: { params: SearchParams }) {
  const [values, set] = useUrlForm(BENDING_DEFAULTS, params);
  const layers = parseLayers(values.steel ?? "");
  const rectangle = values.shape !== "T";
  const candidate = {
    shape: values.shape,
    b: rectangle ? num(values.b) : undefined,
    D: num(values.D),
    bw: rectangle ? undefined : num(values.bw),
    bef: rectangle ? undefined : num(values.bef),
    hf: rectangle ? undefined : num(values.hf),
    fc: num(values.fc),
    fsy: num(values.fsy),
    Es: num(values.Es),
    steel: layers.map((l) => ({ area: num(l.area), depth: num(l.depth) })),
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
        ]}
      />
      <div className="grid grid-cols-2 gap-3">
        {rectangle ? field("b", "Width b", "mm") : field("bw", "Web bw", "mm")}
        {field("D", "Depth D", "mm")}
        {!rectangle && field("bef", "Flange bef", "mm")}
        {!rectangle && field("hf", "Flange hf", "mm")}
        {field("fc", "f'c", "MPa", "20 to 100 MPa")}
        {field("fsy", "fsy", "MPa")}
        {field("Es", "Es", "MPa")}
      </div>
      <DesignActionsFields
        values={values}
        onChange={set}
        errors={errors}
        hints={{ Mstar: "Checks |M*| ≤ φMuo", Vstar: "Recorded; check it with Concrete Shear", Nstar: "Compression positive; recorded, not used" }}
      />
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Steel layers (depth from the compression face)</legend>
        {layers.map((layer, i) => (
          <div key={i} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
            <NumberField
              name={`steel.${i}.area`}
              label={`Layer ${i + 1} area`}
              unit="mm²"
              values={{ [`steel.${i}.area`]: layer.area }}
              onChange={(_, v) => setLayer(i, "area", v)}
              errors={errors}
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
              disabled={layers.length === 1}
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
        label="Stress block"
        values={values}
        onChange={set}
        options={[
          { value: "AS3600:2018", label: "AS 3600:2018" },
          { value: "AS3600:2009", label: "AS 3600:2009 (older block)" },
        ]}
      />
    </>
  );

  const summary: [string, string][] = [
    ["Section", rectangle ? `rectangle ${values.b} × ${values.D} mm` : `T: bw ${values.bw}, D ${values.D}, bef ${values.bef}, hf ${values.hf} mm`],
    ["Concrete", `f'c ${values.fc} MPa`],
    [
      "Steel",
      `fsy ${values.fsy} MPa, Es ${values.Es} MPa, Class ${values.ductilityClass}; layers ${layers.map((l) => `${l.area} mm² at ${l.depth} mm`).join(", ")}`,
    ],
    ["Standard", values.edition === "AS3600:2009" ? "AS 3600:2009 stress block" : "AS 3600:2018"],
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
      standard="Bending strength of a reinforced concrete section, AS 3600:2018 Cl 8.1 (strain compatibility)"
      inputs={inputs}
      summary={summary}
      result={result}
      errors={errors}
      figures={() => [
        { label: "dn (mm)", value: fmt(result!.dn, 5), testId: "result-dn" },
        { label: "kuo", value: fmt(result!.kuo, 3), testId: "result-kuo" },
        { label: "Muo (kNm)", value: fmt(result!.Muo), testId: "result-muo" },
        { label: "φMuo (kNm)", value: fmt(result!.phiMuo), testId: "result-phimuo" },
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
