"use client";

import { readShearLink } from "@/lib/calculations/links";
import { shearSchema } from "@/lib/calculations/schemas";
import { shearStrength } from "@/lib/calculations/shear";
import { fmt } from "@/lib/calculations/working";
import type { SearchParams } from "@/lib/navigation";
import { CalcSheet } from "./calc-sheet";
import { ChoiceField, DESIGN_ACTION_DEFAULTS, DesignActionsFields, designActionsSummary, numberFields, ToggleField } from "./fields";
import { type FormValues, num, useCalculation, useUrlForm } from "./url-form";

const SHEAR_DEFAULTS: FormValues = {
  bv: "300",
  D: "450",
  d: "390",
  fc: "32",
  Ast: "1800",
  ...DESIGN_ACTION_DEFAULTS,
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
  negativeStrain: "zero",
  Ec: "",
  Act: "",
  av: "",
  supportCompression: "1",
  loadNearSupport: "0",
  edition: "AS3600:2018",
  Apt: "",
  fpo: "",
  Ep: "",
  Pv: "",
};

const EDITIONS: Record<string, string> = { "AS3600:2018": "AS 3600:2018", "AS5100.5:2017": "AS 5100.5:2017 (bridges)" };

const negate = (n: number | undefined) => (n === undefined ? undefined : -n);

export function ShearCalculator({ params }: { params: SearchParams }) {
  const [values, set] = useUrlForm(SHEAR_DEFAULTS, readShearLink(params));
  const candidate = {
    bv: num(values.bv),
    D: num(values.D),
    d: num(values.d),
    fc: num(values.fc),
    Ast: num(values.Ast),
    Mstar: num(values.Mstar),
    Vstar: num(values.Vstar),
    // The page takes N* compression positive, as design actions come; Cl 8.2.4.2.2 and the API take tension positive.
    Nstar: negate(num(values.Nstar)),
    Asv: num(values.Asv),
    s: num(values.s),
    fsyf: num(values.fsyf),
    alphaV: num(values.alphaV),
    dg: num(values.dg),
    method: values.method,
    amendment: values.amendment === "0" ? 0 : 2,
    negativeStrain: values.negativeStrain,
    Ec: values.negativeStrain === "EcAct" ? num(values.Ec) : undefined,
    Act: values.negativeStrain === "EcAct" ? num(values.Act) : undefined,
    av: num(values.av),
    supportCompression: values.supportCompression === "1",
    loadNearSupport: values.loadNearSupport === "1",
    source: values.source || undefined,
    edition: values.edition,
    Apt: num(values.Apt),
    fpo: num(values.fpo),
    Ep: num(values.Ep),
    Pv: num(values.Pv),
  };
  const bridge = values.edition === "AS5100.5:2017";
  const prestressed = [values.Apt, values.fpo, values.Pv].some((v) => v?.trim());
  const general = values.method !== "simplified";
  const withConcrete = general && values.negativeStrain === "EcAct";
  const { result, errors } = useCalculation(shearSchema, candidate, shearStrength);
  const field = numberFields(values, set, errors);

  const inputs = (
    <>
      <div className="grid grid-cols-2 gap-3">
        {field("bv", "Web width bv", "mm")}
        {field("D", "Depth D", "mm")}
        {field("d", "Effective depth d", "mm")}
        {field("fc", "f'c", "MPa", "20 to 100 MPa")}
        {field("Ast", "Tension steel Ast", "mm²")}
        {field("dg", "Aggregate dg", "mm")}
      </div>
      <DesignActionsFields
        values={values}
        onChange={set}
        errors={errors}
        hints={{ Mstar: "Taken as at least V* dv", Vstar: "Checked: V* ≤ φVu", Nstar: "Compression positive" }}
      />
      <fieldset className="grid grid-cols-2 gap-3">
        <legend className="col-span-2 mb-1 text-sm font-medium">Fitments</legend>
        {field("Asv", "Asv (all legs)", "mm²", "0 for none")}
        {field("s", "Spacing s", "mm")}
        {field("fsyf", "fsy.f", "MPa")}
        {field("alphaV", "Angle αv", "°", "90 for vertical")}
      </fieldset>
      <ChoiceField
        name="method"
        label="Method"
        values={values}
        onChange={set}
        options={[
          { value: "general", label: "General (Cl 8.2.4.2)" },
          { value: "simplified", label: "Simplified (Cl 8.2.4.3)" },
        ]}
      />
      {general && (
        <ChoiceField
          name="negativeStrain"
          label="Where εx comes out negative (Cl 8.2.4.2.2)"
          values={values}
          onChange={set}
          options={[
            { value: "zero", label: "Take εx as 0" },
            { value: "EcAct", label: "Recalculate with Ec Act (≥ −0.2×10⁻³)" },
          ]}
        />
      )}
      {withConcrete && (
        <div className="grid grid-cols-2 gap-3">
          {field("Ec", "Ec", "MPa", "Blank: Table 3.1.2")}
          {field("Act", "Act", "mm²", "Blank: bv × D/2")}
        </div>
      )}
      <fieldset className="grid grid-cols-2 gap-3" data-testid="prestress">
        <legend className="col-span-2 mb-1 text-sm font-medium">Prestress (Cl 8.2.4.2.2, 8.2.3.1)</legend>
        {field("Apt", "Tendons Apt", "mm²", "Bonded tendons on the flexural tension side; blank: none")}
        {field("fpo", "σp.o (fpo)", "MPa", "Tendon stress when the concrete around is at zero stress, e.g. 0.7 fpb")}
        {field("Ep", "Ep", "MPa", "Blank: 195 000")}
        {field("Pv", "Pv", "kN", "Vertical component of the prestress, positive opposing V*")}
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium">Near a support (Cl 8.2.3.2)</legend>
        {field("av", "Section from the support face, av", "mm", "Blank: not near a support")}
        <ToggleField name="supportCompression" label="The support reaction compresses the end of the member" values={values} onChange={set} />
        <ToggleField name="loadNearSupport" label="The shear comes from a concentrated load within 2dv of the support" values={values} onChange={set} />
      </fieldset>
      <ChoiceField
        name="edition"
        label="Standard"
        values={values}
        onChange={set}
        options={[
          { value: "AS3600:2018", label: "AS 3600:2018 (Amdt 2)" },
          { value: "AS5100.5:2017", label: "AS 5100.5:2017 (bridges)" },
        ]}
      />
      {!bridge && (
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
      )}
    </>
  );

  const summary: [string, string][] = [
    ["Section", `bv ${values.bv}, D ${values.D}, d ${values.d} mm, Ast ${values.Ast} mm²`],
    ["Concrete", `f'c ${values.fc} MPa, dg ${values.dg} mm`],
    ...designActionsSummary(values),
    ["Fitments", `Asv ${values.Asv} mm² at ${values.s} mm, fsy.f ${values.fsyf} MPa, αv ${values.alphaV}°`],
    [
      "Method",
      `${values.method}, ${bridge ? "AS 5100.5:2017" : values.amendment === "0" ? "AS 3600:2018 as first published" : "AS 3600:2018 with Amendment 2"}${
        general
          ? `; negative εx ${withConcrete ? `recalculated with Ec Act (Ec ${values.Ec || "Table 3.1.2"}, Act ${values.Act || "bv D/2"})` : "taken as 0"}`
          : ""
      }`,
    ],
    ...(prestressed
      ? [
          [
            "Prestress",
            `Apt ${values.Apt || 0} mm², σp.o ${values.fpo || 0} MPa, Ep ${values.Ep || "195000"} MPa, Pv ${values.Pv || 0} kN (positive opposing V*)`,
          ] as [string, string],
        ]
      : []),
    ...(values.av?.trim()
      ? [
          [
            "Near a support",
            `av ${values.av} mm; ${values.supportCompression === "1" ? "support compresses the member end" : "support does not compress the member end"}${
              values.loadNearSupport === "1" ? "; concentrated load within 2dv" : ""
            }`,
          ] as [string, string],
        ]
      : []),
  ];

  return (
    <CalcSheet
      title="Concrete Shear"
      standard={`Shear strength of a reinforced or prestressed concrete beam, ${EDITIONS[values.edition ?? ""] ?? "AS 3600:2018"} Cl 8.2`}
      inputs={inputs}
      summary={summary}
      result={result}
      errors={errors}
      figures={() => [
        result!.enhancement > 1
          ? { label: `${fmt(result!.enhancement)} Vuc (kN)`, value: fmt(result!.enhancement * result!.Vuc), testId: "result-vuc" }
          : { label: "Vuc (kN)", value: fmt(result!.Vuc), testId: "result-vuc" },
        { label: "Vus (kN)", value: fmt(result!.Vus), testId: "result-vus" },
        ...(result!.Pv !== 0 ? [{ label: "Pv (kN)", value: fmt(result!.Pv), testId: "result-pv" }] : []),
        { label: "Vu.max (kN)", value: fmt(result!.VuMax), testId: "result-vumax" },
        { label: "φVu (kN)", value: fmt(result!.phiVu), testId: "result-phivu" },
      ]}
      source={values.source}
      note={() => (
        <p className="text-sm" data-testid="fitments-required">
          {result!.fitmentsRequired ? "Fitments are required (Cl 8.2.1.6)." : "Fitments are not required by Cl 8.2.1.6."} Fitment spacing at most{" "}
          {fmt(result!.maxSpacing)} mm along the beam and {fmt(result!.maxTransverseSpacing)} mm across it (Cl 8.3.2.2).
        </p>
      )}
    />
  );
}
