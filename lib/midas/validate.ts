import { parseMidasTables } from "./parse";
import type { Problem } from "./parse/reader";
import type { MidasTables } from "./tables";

export type { Problem } from "./parse/reader";

/**
 * Every problem that stops a model build: references to sections, materials,
 * pile groups and load cases that do not exist, values that are not numbers or
 * are out of range, spans that are not positive, combination factors that name
 * no case. An empty list means buildModel() will succeed.
 */
export function validateMidasTables(tables: MidasTables): Problem[] {
  return parseMidasTables(tables).problems;
}
