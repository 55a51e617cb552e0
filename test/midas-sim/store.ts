/**
 * The simulator's model: the /db tables it knows, with the behaviour of the real
 * API that clients trip over. Unknown keys are dropped on store, refused writes
 * answer HTTP 2xx with {"error": {"message": ...}}, deleting a node deletes its elements,
 * links, supports and loads, PUT merges ITEMS instead of replacing them, an
 * element may point at a section that does not exist, and node coordinates are
 * read in whatever unit /db/UNIT holds at the time (stored internally in metres).
 */

export type Row = Record<string, unknown>;
export type Table = Record<string, Row>;
export type SimUnit = { FORCE: string; DIST: string; HEAT: string; TEMPER: string };

type TableSpec = {
  /** Top-level keys kept; null keeps all. */
  keys: readonly string[] | null;
  /** Keys kept inside ITEMS. */
  items?: readonly string[];
  methods: readonly string[];
  singleton?: boolean;
};

const ALL = ["GET", "POST", "PUT", "DELETE"] as const;
const ITEMS_LOAD = ["ID", "LCNAME", "GROUP_NAME"];

export const TABLES: Record<string, TableSpec> = {
  UNIT: { keys: ["FORCE", "DIST", "HEAT", "TEMPER"], methods: ["GET", "PUT"], singleton: true },
  STYP: {
    keys: ["STYP", "MASS", "bMASSOFFSET", "bSELFWEIGHT", "SMASS", "GRAV", "TEMP", "bALIGNBEAM", "bALIGNSLAB", "bROTRIGID"],
    methods: ["GET", "PUT"],
    singleton: true,
  },
  MATL: { keys: ["TYPE", "NAME", "HE_SPEC", "HE_COND", "PLMT", "P_NAME", "bMASS_DENS", "DAMP_RAT", "PARAM"], methods: ALL },
  SECT: { keys: ["SECTTYPE", "SECT_NAME", "SECT_BEFORE", "SECT_AFTER", "CALC_OPT"], methods: ALL },
  NODE: { keys: ["X", "Y", "Z"], methods: ALL },
  ELEM: {
    keys: ["TYPE", "MATL", "SECT", "NODE", "ANGLE", "STYPE", "TENS", "T_LIMIT", "T_bLMT", "NON_LEN", "CABLE", "C_RAT", "WALL", "W_CON", "W_TYPE", "LCAXIS"],
    methods: ALL,
  },
  CONS: { keys: ["ITEMS"], items: ["ID", "GROUP_NAME", "CONSTRAINT"], methods: ALL },
  // Point springs (manual 05_DB_Boundary §2; the official client's Boundary.PointSpring): SDR [SDx, SDy, SDz, SRx, SRy, SRz].
  NSPR: { keys: ["ITEMS"], items: ["ID", "TYPE", "GROUP_NAME", "FormType", "SDR", "F_S", "DAMPING", "DIR", "DV", "SK"], methods: ALL },
  ELNK: { keys: ["NODE", "BNGR_NAME", "ANGLE", "LINK", "SDR", "R_S", "bSHEAR", "DR", "DIR", "MLFC", "RLFC", "DRENDI"], methods: ALL },
  STLD: { keys: ["NO", "NAME", "TYPE", "DESC"], methods: ALL },
  BODF: { keys: ["LCNAME", "GROUP_NAME", "FV"], methods: ALL },
  CNLD: { keys: ["ITEMS"], items: [...ITEMS_LOAD, "FX", "FY", "FZ", "MX", "MY", "MZ"], methods: ALL },
  BMLD: {
    keys: ["ITEMS"],
    items: [
      ...ITEMS_LOAD,
      "CMD",
      "TYPE",
      "DIRECTION",
      "USE_PROJECTION",
      "D",
      "P",
      "USE_ECCEN",
      "ECCEN_TYPE",
      "ECCEN_DIR",
      "I_END",
      "USE_J_END",
      "J_END",
      "USE_ADDITIONAL",
      "ADDITIONAL_I_END",
      "USE_ADDITIONAL_J_END",
      "ADDITIONAL_J_END",
    ],
    methods: ALL,
  },
  // Specified displacements of supports, element temperatures and temperature gradients (manual 06_DB_Static_Loads §5,
  // 07_DB_Temperature_Prestress §1-2).
  SDSP: { keys: ["ITEMS"], items: [...ITEMS_LOAD, "VALUES"], methods: ALL },
  ETMP: { keys: ["ITEMS"], items: [...ITEMS_LOAD, "TEMP"], methods: ALL },
  GTMP: { keys: ["ITEMS"], items: [...ITEMS_LOAD, "TYPE", "TZ", "USE_HZ", "HZ", "TY", "USE_HY", "HY"], methods: ALL },
  MVCD: { keys: ["CODE"], methods: ALL, singleton: true },
  LLAN: { keys: ["COMMON", "LANE_ITEMS"], methods: ALL },
  MVHL: {
    keys: ["MVLD_CODE", "VEHICLE_LOAD_NAME", "VEHICLE_LOAD_NUM", "VEHICLE_TYPE_NAME", "STANDARD_CODE", "USER_LOAD_TYPE", "VEH_DEFAULT", "VEH_AU", "LOAD_ITEMS"],
    methods: ALL,
  },
  MVLD: { keys: ["LCNAME", "DESC", "TYPE", "DEFAULT", "PERMIT_LOAD", "AUTO_OPTIMIZE"], methods: ALL },
  "LCOM-GEN": { keys: ["NAME", "ACTIVE", "bCB", "iTYPE", "DESC", "vCOMB"], methods: ALL },
  TDGR: { keys: ["NAME"], methods: ALL },
  TDNT: {
    keys: [
      "NAME",
      "TYPE",
      "LT",
      "MATL",
      "AREA",
      "D_AREA",
      "ASB",
      "ASE",
      "bBONDED",
      "ALPHA",
      "RM",
      "RV",
      "US",
      "YS",
      "FF",
      "WF",
      "W_TYPE",
      "W_ANGLE",
      "TDMFK",
      "FT",
      "LR",
      "bOSRF",
      "FPK",
      "TDMFNAME",
    ],
    methods: ALL,
  },
  TDNA: {
    keys: [
      "NAME",
      "TDN_PROP",
      "ELEM",
      "BELENG",
      "ELENG",
      "CURVE",
      "INPUT",
      "TDN_GRUP",
      "LENG_OPT",
      "BLEN",
      "ELEN",
      "bTP",
      "CNT",
      "DeBondBLEN",
      "DeBondELEN",
      "SHAPE",
      "INS_PT",
      "INS_ELEM",
      "AXIS_IJ",
      "XAR_ANGLE",
      "bPJ",
      "OFF_YZ",
      "PROFY",
      "PROFZ",
      "PROF",
      "IP",
      "AXIS",
      "VEC",
      "GR_AXIS",
      "GR_ANGLE",
      "RC",
      "OFFSET",
      "DIR",
    ],
    methods: ALL,
  },
  TDPL: { keys: ["ITEMS"], items: [...ITEMS_LOAD, "TENDON_NAME", "TYPE", "ORDER", "BEGIN", "END", "GROUTING"], methods: ALL },
};

const LENGTH: Record<string, number> = { M: 1, CM: 0.01, MM: 0.001, FT: 0.3048, IN: 0.0254 };

/** A refused request: answered with HTTP 2xx and {"error": {"message": text}}, as Civil NX does (docs/midas.md). */
export class RefusedWrite extends Error {}
/** A write Civil NX drops without a word: {"message": ""}, nothing stored (an MVLD_CODE the model's code does not own). */
export class SilentRefusal extends RefusedWrite {
  constructor() {
    super("");
  }
}

/** The MVLD_CODE of each moving-load code (MVCD CODE) the simulator knows (manual, /db/MVHL examples). */
const MVLD_CODES: Record<string, number> = { AUSTRALIA: 14 };
/** VEH_AU keys of an Australian user-defined truck and of a standard vehicle (manual, /db/MVHL "VEH_AU"). */
const VEH_AU_USER = ["DYN_LOAD_ALLOWANCE", "VAR_SPACING", "FATIGUE", "UNIFORM_LOAD", "LOAD_ITEMS"];
const VEH_AU_STANDARD = ["DYN_LOAD_ALLOWANCE", "FATIGUE"];
const AU_STANDARD_CODES = ["ROAD TRAFFIC", "RAIL TRAFFIC LOAD", "HEAVY LOAD PLATFORM"];

const pick = (row: Row, keys: readonly string[]): Row => Object.fromEntries(Object.entries(row).filter(([k]) => keys.includes(k)));

export function canonicalTable(name: string): string | null {
  return Object.keys(TABLES).find((t) => t.toUpperCase() === name.toUpperCase()) ?? null;
}

const clone = <T>(v: T): T => structuredClone(v);

export class SimModel {
  readonly tables = new Map<string, Table>();
  unit: SimUnit;
  /** Changed since the last save (Civil NX would ask to save before analysing). */
  dirty = false;
  /** The file the model was saved as (null: untitled, as a new model is; its first save needs a path). */
  title: string | null = null;
  /** Bumped on every change; results belong to one revision. */
  revision = 0;

  constructor(readonly defaultUnit: SimUnit) {
    this.unit = { ...defaultUnit };
    this.reset();
  }

  reset(): void {
    this.title = null;
    this.tables.clear();
    for (const name of Object.keys(TABLES)) this.tables.set(name, {});
    this.unit = { ...this.defaultUnit };
    this.tables.get("UNIT")!["1"] = { ...this.unit };
    this.tables.get("STYP")!["1"] = { STYP: 0, MASS: 1, bMASSOFFSET: false, bSELFWEIGHT: false, SMASS: 1, GRAV: 9.806, TEMP: 0 };
    this.touch();
  }

  private touch(): void {
    this.dirty = true;
    this.revision++;
  }

  private lengthFactor(): number {
    return LENGTH[this.unit.DIST.toUpperCase()] ?? 1;
  }

  /** Rows as GET shows them, in the current unit. */
  read(table: string): Table {
    const rows = clone(this.tables.get(table) ?? {});
    if (table === "NODE") {
      const f = this.lengthFactor();
      for (const row of Object.values(rows)) for (const k of ["X", "Y", "Z"]) if (typeof row[k] === "number") row[k] = (row[k] as number) / f;
    }
    return rows;
  }

  /** Stored rows (SI metres) for the analysis. */
  raw(table: string): Table {
    return this.tables.get(table) ?? {};
  }

  write(method: "POST" | "PUT", table: string, assign: unknown): Table {
    const spec = TABLES[table]!;
    if (!spec.methods.includes(method))
      throw new RefusedWrite(`${method} is not available for ${table}; use ${spec.methods.filter((m) => m !== "GET").join(" or ")}.`);
    if (typeof assign !== "object" || assign === null || Array.isArray(assign))
      throw new RefusedWrite('The request needs an "Assign" object of rows keyed by id.');
    const entries = Object.entries(assign as Record<string, unknown>);
    for (const [id] of entries) if (!/^\d+$/.test(id) || Number(id) < 1) throw new RefusedWrite(`Wrong Key: "${id}" is not an id.`);
    const rows = this.tables.get(table)!;
    const cleaned: Table = {};
    for (const [id, value] of entries) {
      if (typeof value !== "object" || value === null || Array.isArray(value)) throw new RefusedWrite(`Wrong Field: row ${id} of ${table} is not an object.`);
      if (method === "POST" && rows[id] && !spec.singleton) throw new RefusedWrite(`${table} ${id} already exists; change it with PUT.`);
      cleaned[id] = this.clean(table, id, value as Row, method === "POST" || !rows[id]);
    }
    const echo: Table = {};
    for (const [id, row] of Object.entries(cleaned)) {
      const existing = rows[id];
      if (method === "PUT" && existing && spec.items && Array.isArray(row.ITEMS) && Array.isArray(existing.ITEMS)) {
        // The trap: PUT adds to the ITEMS already there (matching IDs replaced) instead of replacing them.
        const merged = new Map((existing.ITEMS as Row[]).map((item) => [String(item.ID), item]));
        for (const item of row.ITEMS as Row[]) merged.set(String(item.ID), item);
        rows[id] = { ...existing, ...row, ITEMS: [...merged.values()] };
      } else if (method === "PUT" && existing) {
        rows[id] = { ...existing, ...row };
      } else {
        rows[id] = row;
      }
      if (table === "UNIT") this.unit = { ...this.unit, ...(rows[id] as Partial<SimUnit>) };
      echo[id] = clone(rows[id]!);
    }
    // A unit change is not a model change: the results stay, and Civil NX does not ask to save.
    if (table !== "UNIT") this.touch();
    if (table === "NODE") {
      const f = this.lengthFactor();
      for (const row of Object.values(echo)) for (const k of ["X", "Y", "Z"]) if (typeof row[k] === "number") row[k] = (row[k] as number) / f;
    }
    return echo;
  }

  private clean(table: string, id: string, row: Row, complete: boolean): Row {
    const spec = TABLES[table]!;
    const out: Row = {};
    for (const [k, v] of Object.entries(row)) {
      if (spec.keys && !spec.keys.includes(k)) continue; // unknown keys are accepted and dropped
      out[k] = clone(v);
    }
    if (spec.items && out.ITEMS !== undefined) {
      if (!Array.isArray(out.ITEMS)) throw new RefusedWrite(`Wrong Field: ITEMS of ${table} ${id} must be an array.`);
      out.ITEMS = (out.ITEMS as unknown[]).map((item) => {
        if (typeof item !== "object" || item === null) throw new RefusedWrite(`Wrong Field: an item of ${table} ${id} is not an object.`);
        return pick(item as Row, spec.items!);
      });
    }
    if (table === "NODE") {
      const f = this.lengthFactor();
      for (const k of ["X", "Y", "Z"]) {
        if (out[k] === undefined) {
          // A new node defaults to 0; an update leaves the coordinates it does not name.
          if (!complete) continue;
          out[k] = 0;
        }
        if (typeof out[k] !== "number" || !Number.isFinite(out[k])) throw new RefusedWrite(`Wrong Field: ${k} of node ${id} must be a number.`);
        out[k] = (out[k] as number) * f;
      }
    }
    if ((table === "ELEM" || table === "ELNK") && (complete || out.NODE !== undefined)) {
      const nodes = out.NODE;
      if (!Array.isArray(nodes) || nodes.length < 2 || nodes.some((n) => !Number.isInteger(n)))
        throw new RefusedWrite(`Wrong Field: NODE of ${table} ${id} must list node numbers.`);
    }
    if (table === "STLD" && complete && typeof out.NAME !== "string") throw new RefusedWrite(`Wrong Field: STLD ${id} needs a NAME.`);
    if (table === "STLD") out.NO = Number(id);
    if (table === "MVHL" && (complete || out.MVLD_CODE !== undefined)) return this.vehicle(id, out);
    return out;
  }

  /**
   * A vehicle as Civil NX stores it: the MVLD_CODE must be the model's code's (else nothing is stored and the answer
   * is {"message": ""}); VEHICLE_LOAD_NUM is the kind, 1 standard and 2 user defined, and a 2 loses its type name and
   * standard code and becomes a "Truck/Lane" (Dennis5882/MIDAS-API-NX-SDK, measured); an Australian vehicle keeps
   * its fields in VEH_AU and drops VEH_DEFAULT and a top-level LOAD_ITEMS, as unknown keys are dropped.
   */
  private vehicle(id: string, row: Row): Row {
    const code = this.tables.get("MVCD")!["1"]?.CODE;
    if (typeof code !== "string" || row.MVLD_CODE !== MVLD_CODES[code.toUpperCase()]) throw new SilentRefusal();
    const base = pick(row, ["MVLD_CODE", "VEHICLE_LOAD_NAME", "VEHICLE_LOAD_NUM"]);
    const au = typeof row.VEH_AU === "object" && row.VEH_AU !== null ? (row.VEH_AU as Row) : {};
    if (row.VEHICLE_LOAD_NUM === 2) {
      const veh = pick(au, VEH_AU_USER);
      if (Array.isArray(veh.LOAD_ITEMS)) veh.LOAD_ITEMS = (veh.LOAD_ITEMS as Row[]).map((item) => pick(item, ["POINT_LOAD", "POINT_DIST"]));
      return { ...base, USER_LOAD_TYPE: "Truck/Lane", VEH_AU: veh };
    }
    if (row.VEHICLE_LOAD_NUM === 1) {
      if (typeof row.STANDARD_CODE !== "string" || !AU_STANDARD_CODES.includes(row.STANDARD_CODE))
        throw new RefusedWrite(`Wrong Field: STANDARD_CODE of MVHL ${id}.`);
      if (typeof row.VEHICLE_TYPE_NAME !== "string" || row.VEHICLE_TYPE_NAME === "") throw new RefusedWrite(`Wrong Field: VEHICLE_TYPE_NAME of MVHL ${id}.`);
      return { ...base, VEHICLE_TYPE_NAME: row.VEHICLE_TYPE_NAME, STANDARD_CODE: row.STANDARD_CODE, VEH_AU: pick(au, VEH_AU_STANDARD) };
    }
    throw new RefusedWrite(`Wrong Field: VEHICLE_LOAD_NUM of MVHL ${id} (1 standard, 2 user defined).`);
  }

  /**
   * DELETE /db/{table}/{ids}, or the whole table: the rows that were there, as Civil NX echoes them (with what it
   * deletes with them); none found is `null` (it answers {"message": ""}).
   */
  deleteRows(table: string, ids: string[]): Table {
    const spec = TABLES[table]!;
    if (!spec.methods.includes("DELETE")) throw new RefusedWrite(`DELETE is not available for ${table}.`);
    const rows = this.tables.get(table)!;
    const echo: Table = {};
    for (const id of ids) {
      if (!rows[id]) continue;
      echo[id] = this.read(table)[id]!;
      this.remove(table, id);
    }
    if (Object.keys(echo).length > 0) this.touch();
    return echo;
  }

  /** Deletes a row and what MIDAS deletes with it. */
  private remove(table: string, id: string): void {
    const rows = this.tables.get(table)!;
    if (!rows[id]) return;
    delete rows[id];
    if (table === "NODE") {
      const n = Number(id);
      for (const t of ["ELEM", "ELNK"]) {
        for (const [eid, row] of Object.entries(this.tables.get(t)!)) {
          if ((row.NODE as number[]).includes(n)) this.remove(t, eid);
        }
      }
      delete this.tables.get("CONS")![id];
      delete this.tables.get("NSPR")![id];
      delete this.tables.get("CNLD")![id];
      delete this.tables.get("SDSP")![id];
    }
    if (table === "ELEM") for (const t of ["BMLD", "ETMP", "GTMP"]) delete this.tables.get(t)![id];
  }

  save(path?: string): void {
    if (path !== undefined) this.title = path;
    this.dirty = false;
  }
}
