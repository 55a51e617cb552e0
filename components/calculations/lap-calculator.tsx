"use client";

import { useMemo } from "react";
import { lapLengths } from "@/lib/calculations/lap-length";
import { fieldErrors, lapSchema } from "@/lib/calculations/schemas";
import { fmt } from "@/lib/calculations/working";
import { CalcSheet, ChecksList, ChoiceField, type FormValues, type SearchParams, InvalidInputs, KeyFigures, NumberField, num, ResultCard, ToggleField, useUrlForm, WorkingTable } from "./calc-parts";

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
};

export function LapCalculator({ params }: { params: SearchParams }) {
  const [values, set] = useUrlForm(LAP_DEFAULTS, params);
  const fromCd = values.cdFrom !== "cover";
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
  };
  const parsed = lapSchema.safeParse(candidate);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  const result = useMemo(() => (parsed.success ? lapLengths(parsed.data) : null), [JSON.stringify(candidate)]);
  const field = (name: string, label: string, unit?: string, hint?: string) => (
    <NumberField name={name} label={label} unit={unit} values={values} onChange={set} errors={errors} hint={hint} />
  );

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
      <ChoiceField name="barType" label="Bars" values={values} onChange={set} options={[{ value: "deformed", label: "Deformed" }, { value: "plain", label: "Plain" }]} />
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
    </>
  );

  const summary: [string, string][] = [
    ["Bar", `${values.barType} db ${values.db} mm, fsy ${values.fsy} MPa`],
    ["Concrete", `f'c ${values.fc} MPa${values.lightweight === "1" ? ", lightweight" : ""}`],
    ["Cover", fromCd ? `cd ${values.cd} mm` : `cover ${values.cover} mm, clear spacing ${values.clearSpacing} mm`],
    ["Position", `${values.castBelow300 === "1" ? "top bar (k1 1.3)" : "k1 1.0"}${values.epoxy === "1" ? ", epoxy-coated" : ""}, ${values.narrow === "1" ? "narrow" : "wide"} element`],
    ["Lap", `As/As.req ${values.asRatio}, share lapped ${values.splicedShare}, sb ${values.sb} mm`],
  ];

  return (
    <CalcSheet
      title="Lap Length"
      standard="Development and lap lengths of reinforcing bars, AS 3600:2018 Cl 13.1 and 13.2"
      inputs={inputs}
      summary={summary}
      results={
        result ? (
          <>
            <ResultCard title="Results">
              <div className="grid gap-4">
                <KeyFigures
                  items={[
                    { label: "Lsy.tb (mm)", value: `${fmt(result.Lsytb.value)} → ${result.Lsytb.rounded}`, testId: "result-lsytb" },
                    { label: "Lsy.t (mm)", value: `${fmt(result.Lsyt.value)} → ${result.Lsyt.rounded}`, testId: "result-lsyt" },
                    { label: "Tension lap (mm)", value: `${fmt(result.Lsytlap.value)} → ${result.Lsytlap.rounded}`, testId: "result-lap" },
                    { label: "Compression lap (mm)", value: `${fmt(result.Lsyclap.value)} → ${result.Lsyclap.rounded}`, testId: "result-clap" },
                  ]}
                />
                <p className="text-sm text-muted-foreground">Each length as calculated → rounded up to 10 mm.</p>
                <ChecksList checks={result.checks} />
              </div>
            </ResultCard>
            <ResultCard title="Working">
              <WorkingTable steps={result.steps} />
            </ResultCard>
          </>
        ) : (
          <InvalidInputs errors={errors} />
        )
      }
    />
  );
}
