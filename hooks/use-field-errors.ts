"use client";

import { useState } from "react";
import { placeFieldError } from "@/lib/http/field-errors";

/**
 * A form's refusals shown under its fields (lib/http/field-errors.ts): `show` places an answer's error, `propsOf`
 * gives a field's input what points at its message (aria-invalid, aria-describedby), `messageOf` the text to show.
 */
export function useFieldErrors<F extends string>(idPrefix: string, labels: Record<F, string>, fallback: NoInfer<F>) {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const messageId = (field: F) => `${idPrefix}-${field}-error`;
  return {
    show(error: string) {
      const placed = placeFieldError(error, labels, fallback);
      setErrors({ [placed.field]: placed.message } as Partial<Record<F, string>>);
    },
    clear: () => setErrors({}),
    messageOf: (field: F): string | undefined => errors[field],
    messageId,
    /** For the field's input; `describedBy` keeps the field's own hint. */
    propsOf: (field: F, describedBy?: string) => ({
      "aria-invalid": errors[field] ? true : undefined,
      "aria-describedby": [describedBy, errors[field] ? messageId(field) : undefined].filter(Boolean).join(" ") || undefined,
    }),
  };
}
