"use client";

import { lapLengths } from "@/lib/calculations/lap-length";
import { lapSchema } from "@/lib/calculations/schemas";
import { fmt } from "@/lib/calculations/working";
import type { SearchParams } from "@/lib/navigation";
import { CalcSheet } from "./calc-sheet";
import { ChoiceField, numberFields, ToggleField } from "./fields";
import { type FormValues, num, useCalculation, useUrlForm } from "./url-form";

// No design actions (issue 29): a lap length uses none. An older link's Mstar, Vstar, Nstar and source are not
// form keys, so the page opens without them; the sheet's header says what the lap is for.
const LAP_DEFAULTS: FormValues = {
  db: "12",
  fc: "40",
  fsy: "500",
  cdFrom: "cd",
  cd: "50",
  cover: "50",
  clearSpacing: "100",
  castBelow300: "0",
  epoxy: "0",
  lightweight: "0",
  barType: "deformed",
  asRatio: "1",
  splicedShare: "1",
  narrow: "1",
  sb: "0",
  refined: "0",
  K: "0",
  sumAtr: "0",
  rhoP: "0",
  confinement: "none",
  Atr: "78.5",
  fitmentSpacing: "200",
  threeFitments: "1",
  compressionRefined: "0",
  helixBars: "1",
};

const K_VALUES = { "0": 0, "0.05": 0.05, "0.1": 0.1 } as const;

export function LapCalculator({ params }: { params: SearchParams }) {
  const [values, set] = useUrlForm(LAP_DEFAULTS, params);
  const fromCd = values.cdFrom !== "cover";
  const refined = values.refined === "1";
  const confined = values.confinement === "fitments" || values.confinement === "helix";
  const candidate = {
    db: num(values.db),
    fc: num(values.fc),
    fsy: num(values.fsy),
    cd: fromCd ? num(values.cd) : undefined,
    cover: fromCd ? undefined : num(values.cover),
    clearSpacing: fromCd ? undefined : num(values.clearSpacing),
    castBelow300: values.castBelow300 === "1",
    epoxy: values.epoxy === "1",
    lightweight: values.lightweight === "1",
    barType: values.barType,
    asRatio: num(values.asRatio),
    splicedShare: num(values.splicedShare),
    narrow: values.narrow === "1",
    sb: num(values.sb),
    refined: values.refined === "1",
    K: K_VALUES[values.K as keyof typeof K_VALUES] ?? values.K,
    sumAtr: num(values.sumAtr),
    rhoP: num(values.rhoP),
    confinement: values.confinement,
    Atr: confined ? num(values.Atr) : undefined,
    fitmentSpacing: confined ? num(values.fitmentSpacing) : undefined,
    threeFitments: values.threeFitments === "1",
    compressionRefined: values.compressionRefined === "1",
    helixBars: values.confinement === "helix" ? num(values.helixBars) : undefined,
  };
  const { result, errors } = useCalculation(lapSchema, candidate, lapLengths);
  const field = numberFields(values, set, errors);

  const inputs = (
    <>
      <div className="grid grid-cols-2 gap-3">
        {field("db", "Bar diameter db", "mm")}
        {field("fc", "f'c", "MPa", "20 to 100 MPa")}
        {field("fsy", "fsy", "MPa")}
      </div>
      <ChoiceField
        name="cdFrom"
        label="Cover dimension"
        values={values}
        onChange={set}
        options={[
          { value: "cd", label: "Give cd" },
          { value: "cover", label: "From cover and clear spacing" },
        ]}
      />
      <div className="grid grid-cols-2 gap-3">
        {fromCd ? field("cd", "cd", "mm") : field("cover", "Cover", "mm")}
        {!fromCd && field("clearSpacing", "Clear spacing a", "mm")}
      </div>
      <ChoiceField
        name="barType"
        label="Bars"
        values={values}
        onChange={set}
        options={[
          { value: "deformed", label: "Deformed" },
          { value: "plain", label: "Plain" },
        ]}
      />
      <div className="grid gap-2">
        <ToggleField name="castBelow300" label="Horizontal bar with more than 300 mm of concrete cast below (k1 = 1.3)" values={values} onChange={set} />
        <ToggleField name="epoxy" label="Epoxy-coated bars" values={values} onChange={set} />
        <ToggleField name="lightweight" label="Lightweight concrete" values={values} onChange={set} />
        <ToggleField name="narrow" label="Narrow element (beam web, column)" values={values} onChange={set} />
      </div>
      <fieldset className="grid grid-cols-2 gap-3">
        <legend className="col-span-2 mb-1 text-sm font-medium">Lap (k7)</legend>
        {field("asRatio", "As provided / required", undefined, "k7 = 1.0 from 2")}
        {field("splicedShare", "Share of bars lapped", undefined, "0 to 1; k7 = 1.0 up to 0.5")}
        {field("sb", "Clear distance sb", "mm", "Between the lapped bars")}
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium">Refined development length (Cl 13.1.2.3)</legend>
        <ToggleField name="refined" label="Also work out Lsy.t with k4 and k5; the tension lap uses it" values={values} onChange={set} />
        {refined && (
          <div className="grid grid-cols-2 gap-3">
            <div className="col-span-2">
              <ChoiceField
                name="K"
                label="K (Figure 13.1.2.3)"
                values={values}
                onChange={set}
                options={[
                  { value: "0.1", label: "0.1: bar in a corner of a fitment" },
                  { value: "0.05", label: "0.05: bar inside a fitment, not in a corner" },
                  { value: "0", label: "0: bar not enclosed by fitments" },
                ]}
              />
            </div>
            {field("sumAtr", "ΣAtr", "mm²", "Transverse bars along Lsy.t")}
            {field("rhoP", "ρp", "MPa", "Transverse pressure at ULS")}
          </div>
        )}
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium">Compression (Cl 13.1.5, 13.2.4)</legend>
        <ToggleField
          name="compressionRefined"
          label="Bar enclosed by transverse reinforcement meeting Cl 13.1.5.2: refined development, k6 = 0.75"
          values={values}
          onChange={set}
        />
        <ChoiceField
          name="confinement"
          label="Bars lapped inside"
          values={values}
          onChange={set}
          options={[
            { value: "none", label: "Nothing that counts" },
            { value: "fitments", label: "Fitments or ties" },
            { value: "helix", label: "A helix" },
          ]}
        />
        {confined && (
          <>
            <div className="grid grid-cols-2 gap-3">
              {field("Atr", "Atr", "mm²", "One fitment bar: N10 78.5, N12 113")}
              {field("fitmentSpacing", values.confinement === "helix" ? "Pitch" : "Spacing", "mm")}
              {values.confinement === "helix" && field("helixBars", "Bars in the helix", undefined, "n")}
            </div>
            <ToggleField name="threeFitments" label="At least three fitments (or turns) over the lap" values={values} onChange={set} />
          </>
        )}
      </fieldset>
    </>
  );

  const summary: [string, string][] = [
    ["Bar", `${values.barType} db ${values.db} mm, fsy ${values.fsy} MPa`],
    ["Concrete", `f'c ${values.fc} MPa${values.lightweight === "1" ? ", lightweight" : ""}`],
    ["Cover", fromCd ? `cd ${values.cd} mm` : `cover ${values.cover} mm, clear spacing ${values.clearSpacing} mm`],
    [
      "Position",
      `${values.castBelow300 === "1" ? "top bar (k1 1.3)" : "k1 1.0"}${values.epoxy === "1" ? ", epoxy-coated" : ""}, ${values.narrow === "1" ? "narrow" : "wide"} element`,
    ],
    ["Lap", `As/As.req ${values.asRatio}, share lapped ${values.splicedShare}, sb ${values.sb} mm`],
    ...(refined ? [["Refined Lsy.t", `K ${values.K}, ΣAtr ${values.sumAtr} mm², ρp ${values.rhoP} MPa`] as [string, string]] : []),
    ...(confined
      ? [
          [
            "Compression lap",
            `inside ${values.confinement === "helix" ? `a helix around ${values.helixBars} ${Number(values.helixBars) === 1 ? "bar" : "bars"}, pitch` : "fitments at"} ${values.fitmentSpacing} mm, Atr ${values.Atr} mm²${
              values.threeFitments === "1" ? ", at least three over the lap" : ", fewer than three over the lap"
            }`,
          ] as [string, string],
        ]
      : []),
  ];

  return (
    <CalcSheet
      title="Lap Length"
      standard="Development and lap lengths of reinforcing bars, AS 3600:2018 Cl 13.1 and 13.2"
      inputs={inputs}
      summary={summary}
      result={result}
      errors={errors}
      figures={() => {
        const length = (l: { value: number; rounded: number }) => `${fmt(l.value)} → ${l.rounded}`;
        return [
          { label: "Lsy.tb (mm)", value: length(result!.Lsytb), testId: "result-lsytb" },
          { label: "Lsy.t (mm)", value: length(result!.Lsyt), testId: "result-lsyt" },
          ...(result!.LsytRefined ? [{ label: "Lsy.t refined (mm)", value: length(result!.LsytRefined), testId: "result-lsyt-refined" }] : []),
          { label: "Tension lap (mm)", value: length(result!.Lsytlap), testId: "result-lap" },
          { label: result!.k6 < 1 ? "Lsy.c refined (mm)" : "Lsy.c (mm)", value: length(result!.Lsyc), testId: "result-lsyc" },
          { label: "Compression lap (mm)", value: length(result!.Lsyclap), testId: "result-clap" },
        ];
      }}
      note={() => <p className="text-sm text-muted-foreground">Each length as calculated → rounded up to 10 mm.</p>}
    />
  );
}
