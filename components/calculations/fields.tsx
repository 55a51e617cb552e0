import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { FormValues } from "./url-form";

type FieldProps = {
  name: string;
  label: string;
  values: FormValues;
  onChange: (name: string, value: string) => void;
  errors: Record<string, string>;
  hint?: string;
};

/** A labelled text input bound to the form, with its error (or else its hint) under it. */
function InputField({ name, label, unit, values, onChange, errors, hint, numeric }: FieldProps & { unit?: string; numeric?: boolean }) {
  const id = `field-${name}`;
  const error = errors[name];
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>
        {label}
        {unit && <span className="font-normal text-muted-foreground">({unit})</span>}
      </Label>
      <Input
        id={id}
        inputMode={numeric ? "decimal" : undefined}
        value={values[name] ?? ""}
        onChange={(e) => onChange(name, e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={numeric ? "tabular-nums" : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="text-xs text-destructive" role="alert">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

export function NumberField(props: FieldProps & { unit?: string }) {
  return <InputField {...props} numeric />;
}

/** `field(name, label, unit?, hint?)`: a NumberField bound to this form. */
export function numberFields(values: FormValues, onChange: (name: string, value: string) => void, errors: Record<string, string>) {
  return function Field(name: string, label: string, unit?: string, hint?: string) {
    return <NumberField name={name} label={label} unit={unit} values={values} onChange={onChange} errors={errors} hint={hint} />;
  };
}

/** Text an engineer types as on drawings (bars "4N28"): no numeric keyboard. */
export function TextField(props: FieldProps & { unit?: string }) {
  return <InputField {...props} />;
}

/** The URL keys of the design actions, blank unless a link or the user gives them. */
export const DESIGN_ACTION_DEFAULTS: FormValues = { Mstar: "", Vstar: "", Nstar: "", source: "" };

/**
 * M*, V*, N* and where they came from: filled by a link from the MIDAS results
 * (`Mstar`, `Vstar`, `Nstar` compression positive, `source`), or typed.
 */
export function DesignActionsFields({
  values,
  onChange,
  errors,
  hints,
}: {
  values: FormValues;
  onChange: (name: string, value: string) => void;
  errors: Record<string, string>;
  /** What the tool does with each action. */
  hints: { Mstar: string; Vstar: string; Nstar: string };
}) {
  const field = numberFields(values, onChange, errors);
  return (
    <fieldset className="grid grid-cols-2 gap-3" data-testid="design-actions">
      <legend className="col-span-2 mb-1 text-sm font-medium">Design actions</legend>
      {field("Mstar", "M*", "kNm", hints.Mstar)}
      {field("Vstar", "V*", "kN", hints.Vstar)}
      {field("Nstar", "N*", "kN", hints.Nstar)}
      <div className="col-span-2">
        <TextField name="source" label="From" values={values} onChange={onChange} errors={errors} hint="Where the actions come from, for the calc sheet" />
      </div>
    </fieldset>
  );
}

/** The design actions as a row of the printed inputs, when any is given. */
export function designActionsSummary(values: FormValues): [string, string][] {
  const parts = [
    values.Mstar?.trim() ? `M* ${values.Mstar} kNm` : "",
    values.Vstar?.trim() ? `V* ${values.Vstar} kN` : "",
    values.Nstar?.trim() ? `N* ${values.Nstar} kN (compression positive)` : "",
  ].filter(Boolean);
  return parts.length ? [["Design actions", parts.join(", ")]] : [];
}

export function ChoiceField({
  name,
  label,
  options,
  values,
  onChange,
}: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  values: FormValues;
  onChange: (name: string, value: string) => void;
}) {
  const id = `field-${name}`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        value={values[name]}
        onChange={(e) => onChange(name, e.target.value)}
        className="h-9 rounded-md border border-input bg-transparent px-2 text-sm outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function ToggleField({
  name,
  label,
  values,
  onChange,
}: {
  name: string;
  label: string;
  values: FormValues;
  onChange: (name: string, value: string) => void;
}) {
  const id = `field-${name}`;
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm">
      <input
        id={id}
        type="checkbox"
        className="size-4 accent-current"
        checked={values[name] === "1"}
        onChange={(e) => onChange(name, e.target.checked ? "1" : "0")}
      />
      {label}
    </label>
  );
}
