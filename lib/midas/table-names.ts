/**
 * The MIDAS Civil NX API's tables by the names Civil NX gives them (its API manual, mirrored in Dennis5882/MIDAS-API:
 * the "DB" pages' titles), so an engineer reads "Traffic Line Lanes (LLAN)" rather than a bare code. Kept apart from
 * model.ts so a page can name tables without the model builder in its bundle.
 */
export const MIDAS_TABLE_NAMES = {
  UNIT: "Unit System",
  MATL: "Material",
  SECT: "Section",
  NODE: "Node",
  ELEM: "Element",
  CONS: "Supports",
  NSPR: "Point Spring Supports",
  ELNK: "Elastic Link",
  STLD: "Static Load Cases",
  BODF: "Self Weight",
  BMLD: "Element Beam Loads",
  CNLD: "Nodal Loads",
  SDSP: "Specified Displacements of Supports",
  ETMP: "Element Temperature",
  GTMP: "Temperature Gradient",
  MVCD: "Moving Load Code",
  LLAN: "Traffic Line Lanes",
  MVHL: "Vehicles",
  MVLD: "Moving Load Cases",
  "LCOM-GEN": "Load Combinations (General)",
  TDGR: "Tendon Group",
  TDNT: "Tendon Property",
  TDNA: "Tendon Profile",
  TDPL: "Tendon Prestress Loads",
} as const;

/** A table's name as Civil NX shows it; the code itself for one this list does not know. */
export function midasTableName(code: string): string {
  return (MIDAS_TABLE_NAMES as Record<string, string>)[code] ?? code;
}
