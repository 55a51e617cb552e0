/** A field's refusal, under the field (its id is what the input's aria-describedby names). */
export function FieldMessage({ id, children }: { id: string; children?: string }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="text-sm text-destructive" data-testid="field-error">
      {children}
    </p>
  );
}
