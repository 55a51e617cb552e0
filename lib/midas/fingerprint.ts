import { createHash } from "node:crypto";
import type { MidasModel } from "./model";

/** A digest of the request set: equal for equal models, so a stored build can be compared with the current tables ("build first"). */
export function modelFingerprint(model: MidasModel): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : typeof v === "object" && v !== null
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
          )
        : v;
  return createHash("sha256")
    .update(JSON.stringify(canonical(model)))
    .digest("hex");
}
