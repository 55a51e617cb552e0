"use client";

import { useMemo } from "react";
import { fieldErrors, shearSchema } from "@/lib/calculations/schemas";
import { shearStrength } from "@/lib/calculations/shear";
import { fmt } from "@/lib/calculations/working";
import { CalcSheet, ChecksList, ChoiceField, type FormValues, type SearchParams, InvalidInputs, KeyFigures, NumberField, num, ResultCard, useUrlForm, WorkingTable } from "./calc-parts";

const SHEAR_DEFAULTS: FormValues = {
  bv: "300",
  D: "450",
  d: "390",
  fc: "32",
  Ast: "1800",
  Mstar: "150",
  Vstar: "150",
  Nstar: "0",
  Asv: "157",
  s: "200",
  fsyf: "500",
  alphaV: "90",
  dg: "20",
  method: "general",
  amendment: "2",
};

export function ShearCalculator({ params }: { params: SearchParams }) {
  const [values, set] = useUrlForm(SHEAR_DEFAULTS, params);
  const candidate = {
    bv: num(values.bv),
    D: num(values.D),
    d: num(values.d),
    fc: num(values.fc),
    Ast: num(values.Ast),
    Mstar: num(values.Mstar),
    Vstar: num(values.Vstar),
    Nstar: num(values.Nstar),
    Asv: num(values.Asv),
    s: num(values.s),
    fsyf: num(values.fsyf),
    alphaV: num(values.alphaV),
    dg: num(values.dg),
    method: values.method,
    amendment: values.amendment === "0" ? 0 : 2,
  };
  const parsed = shearSchema.safeParse(candidate);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  const result = useMemo(() => (parsed.success ? shearStrength(parsed.data) : null), [JSON.stringify(candidate)]);
  const field = (name: string, label: string, unit?: string, hint?: string) => (
    <NumberField name={name} label={label} unit={unit} values={values} onChange={set} errors={errors} hint={hint} />
  );

  const inputs = (
    <>
      <div className="grid grid-cols-2 gap-3">
        {field("bv", "Web width bv", "mm")}
        {field("D", "Depth D", "mm")}
        {field("d", "Effective depth d", "mm")}
        {field("fc", "f'c", "MPa", "20 to 100 MPa")}
        {field("Ast", "Tension steel Ast", "mm²")}
        {field("dg", "Aggregate dg", "mm")}
        {field("Mstar", "M*", "kNm")}
        {field("Vstar", "V*", "kN")}
        {field("Nstar", "N*", "kN", "Tension positive")}
      </div>
      <fieldset className="grid grid-cols-2 gap-3">
        <legend className="col-span-2 mb-1 text-sm font-medium">Fitments</legend>
        {field("Asv", "Asv (all legs)", "mm²", "0 for none")}
        {field("s", "Spacing s", "mm")}
        {field("fsyf", "fsy.f", "MPa")}
        {field("alphaV", "Angle αv", "°", "90 for vertical")}
      </fieldset>
      <ChoiceField name="method" label="Method" values={values} onChange={set} options={[{ value: "general", label: "General (Cl 8.2.4.2)" }, { value: "simplified", label: "Simplified (Cl 8.2.4.3)" }]} />
      <ChoiceField
        name="amendment"
        label="Edition"
        values={values}
        onChange={set}
        options={[
          { value: "2", label: "AS 3600:2018 with Amendment 2" },
          { value: "0", label: "AS 3600:2018 as first published" },
        ]}
      />
    </>
  );

  const summary: [string, string][] = [
    ["Section", `bv ${values.bv}, D ${values.D}, d ${values.d} mm, Ast ${values.Ast} mm²`],
    ["Concrete", `f'c ${values.fc} MPa, dg ${values.dg} mm`],
    ["Actions", `M* ${values.Mstar} kNm, V* ${values.Vstar} kN, N* ${values.Nstar} kN`],
    ["Fitments", `Asv ${values.Asv} mm² at ${values.s} mm, fsy.f ${values.fsyf} MPa, αv ${values.alphaV}°`],
    ["Method", `${values.method}, ${values.amendment === "0" ? "AS 3600:2018 as first published" : "with Amendment 2"}`],
  ];

  return (
    <CalcSheet
      title="Concrete Shear"
      standard="Shear strength of a reinforced concrete beam, AS 3600:2018 Cl 8.2"
      inputs={inputs}
      summary={summary}
      results={
        result ? (
          <>
            <ResultCard title="Results">
              <div className="grid gap-4">
                <KeyFigures
                  items={[
                    { label: "Vuc (kN)", value: fmt(result.Vuc), testId: "result-vuc" },
                    { label: "Vus (kN)", value: fmt(result.Vus), testId: "result-vus" },
                    { label: "Vu.max (kN)", value: fmt(result.VuMax), testId: "result-vumax" },
                    { label: "φVu (kN)", value: fmt(result.phiVu), testId: "result-phivu" },
                  ]}
                />
                <p className="text-sm" data-testid="fitments-required">
                  {result.fitmentsRequired ? "Fitments are required (Cl 8.2.1.6)." : "Fitments are not required by Cl 8.2.1.6."} Fitment spacing at most {fmt(result.maxSpacing)} mm along the beam and{" "}
                  {fmt(result.maxTransverseSpacing)} mm across it (Cl 8.3.2.2).
                </p>
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
