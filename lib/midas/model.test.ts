import { describe, expect, it } from "vitest";
import { demoMidasTables } from "@/lib/demo/seed-midas-data";
import { smallTables, withValue } from "@/test/midas-sim/fixtures";
import { modelFingerprint } from "./fingerprint";
import { buildModel, buildModelWithScheme, concreteModulus, MIDAS_TABLE_ORDER, MidasTablesInvalidError, type MidasModel, unresolvedReferences } from "./model";

const rowsOf = (model: MidasModel, table: string) => model.find((r) => r.table === table)?.assign ?? {};

describe("the AS 5100.2 vehicles of the demo", () => {
  const model = buildModel(demoMidasTables());
  const vehicles = Object.values(rowsOf(model, "MVHL")) as {
    VEHICLE_LOAD_NAME: string;
    VEH_AU: { UNIFORM_LOAD: number; DYN_LOAD_ALLOWANCE: number; LOAD_ITEMS: { POINT_LOAD: number; POINT_DIST: number }[] };
  }[];
  const named = (name: string) => vehicles.find((v) => v.VEHICLE_LOAD_NAME === name)!.VEH_AU;

  it("runs M1600 as four tri-axle groups: 12 axles of 120 kN (1,440 kN), 1.25 m apart in a group, with 6 kN/m and α = 0.3", () => {
    const m1600 = named("M1600-6.25");
    expect(m1600.LOAD_ITEMS).toHaveLength(12);
    expect(m1600.LOAD_ITEMS.reduce((sum, axle) => sum + axle.POINT_LOAD, 0)).toBe(1440);
    // Within each group 1.25 m; 3.75 m clear to the second group, the variable gap (6.25 m at least), 5.0 m to the last.
    expect(m1600.LOAD_ITEMS.map((axle) => axle.POINT_DIST)).toEqual([1.25, 1.25, 3.75, 1.25, 1.25, 6.25, 1.25, 1.25, 5, 1.25, 1.25, 0]);
    expect(m1600).toMatchObject({ UNIFORM_LOAD: 6, DYN_LOAD_ALLOWANCE: 0.3 });
  });

  it("runs S1600 the same way with 80 kN axles (960 kN) and 24 kN/m, without dynamic allowance", () => {
    const s1600 = named("S1600-6.25");
    expect(s1600.LOAD_ITEMS.reduce((sum, axle) => sum + axle.POINT_LOAD, 0)).toBe(960);
    expect(s1600).toMatchObject({ UNIFORM_LOAD: 24, DYN_LOAD_ALLOWANCE: 0 });
  });

  it("runs the variable gap at each of its lengths, and the moving load case is their envelope", () => {
    const m1600 = vehicles.filter((v) => v.VEHICLE_LOAD_NAME.startsWith("M1600-"));
    expect(m1600.map((v) => v.VEH_AU.LOAD_ITEMS[5]!.POINT_DIST)).toEqual([6.25, 8, 10, 12.5, 15, 20, 25, 30, 35, 40, 45]);
    const cases = Object.values(rowsOf(model, "MVLD")) as { LCNAME: string; DEFAULT: { COMB_OPTION: string; SUB_LOAD_DATAS: { VEHICLE_NAME: string }[] } }[];
    const m1600Case = cases.find((c) => c.LCNAME === "M1600")!;
    expect(m1600Case.DEFAULT.COMB_OPTION).toBe("INDEPENDENT");
    expect(m1600Case.DEFAULT.SUB_LOAD_DATAS.map((sub) => sub.VEHICLE_NAME)).toEqual(m1600.map((v) => v.VEHICLE_LOAD_NAME));
  });

  it("refuses a variable spacing shorter than its minimum, and spacings without a gap", () => {
    const short = withValue(demoMidasTables(), "midasmoving", "VariableSpacings", "Item1", "5, 10");
    expect(() => buildModel(short)).toThrow(MidasTablesInvalidError);
    const problems = (() => {
      try {
        buildModel(withValue(short, "midasmoving", "VariableGap", "Item2", ""));
      } catch (error) {
        return (error as MidasTablesInvalidError).problems.map((p) => p.message);
      }
      throw new Error("expected the tables to be refused");
    })();
    expect(problems).toEqual([
      'VariableSpacings of Item1 ("M1600") must each be at least 6.25 m (spacing 6 of AxleSpacings, its minimum); 5 is shorter.',
      'Item2 ("S1600") lists VariableSpacings; say which spacing varies in VariableGap.',
    ]);
  });
});

describe("the soil along the demo's piles", () => {
  const { model, scheme } = buildModelWithScheme(demoMidasTables());
  const springs = rowsOf(model, "NSPR");

  it("puts a lateral spring on every pile node below the cap, and none at the heads", () => {
    const piles = scheme.supports.flatMap((s) => s.piles);
    const elems = rowsOf(model, "ELEM");
    const below = piles.flatMap((p) => p.elements.map((e) => (elems[String(e)]!.NODE as number[])[1]!));
    expect(
      Object.keys(springs)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(below.sort((a, b) => a - b));
    for (const p of piles) expect(springs[String(p.headNode)]).toBeUndefined();
  });

  it("makes each spring kh × D × the pile length it stands for, kh of the layer at the node's depth", () => {
    // P1: PG4-18, 18.75 m piles from the cap's centroid (18 m below its underside, 0.75 m below the head) in 4
    // elements of 4.6875 m; nodes 3.9375, 8.625, 13.3125 and 18 m below the cap's underside: 27,200 × 1.05 × 4.6875
    // twice; 152,900 × 1.05 × 4.6875; the toe 152,900 × 1.05 × 2.34375.
    const pile = scheme.supports.find((s) => s.name === "P1")!.piles[0]!;
    const elems = rowsOf(model, "ELEM");
    const nodes = pile.elements.map((e) => (elems[String(e)]!.NODE as number[])[1]!);
    const lateral = nodes.map((n) => (springs[String(n)]!.ITEMS as { SDR: number[] }[])[0]!.SDR);
    expect(lateral.map((sdr) => sdr[0])).toEqual([133_875, 133_875, 752_554.688, 376_277.344]);
    expect(lateral.every((sdr) => sdr[1] === sdr[0] && sdr.slice(2).every((v) => v === 0))).toBe(true);
    // The soil holds the piles sideways; the toes carry the vertical load, pinned.
    expect(rowsOf(model, "CONS")[String(pile.toeNode)]).toMatchObject({ ITEMS: [{ CONSTRAINT: "1110000" }] });
  });
});

describe("the pile caps of the demo", () => {
  const { model, scheme } = buildModelWithScheme(demoMidasTables());

  it("weigh their volume times the concrete's unit weight once, at the cap centre, in the self-weight case", () => {
    // 9.0 × 3.6 × 1.5 m × 25 kN/m³ = 1,215 kN (the beams that model the cap used to weigh 3,057 kN at P1).
    const volumeTimesDensity = 9.0 * 3.6 * 1.5 * 25;
    const piers = scheme.supports.filter((s) => s.kind === "pier");
    // The cap's beams all start at its centre; the other nodal loads are the diaphragms' on the girder.
    const elems = rowsOf(model, "ELEM");
    const capCentres = piers.map((p) => String((elems[String(p.capElements[0])]!.NODE as number[])[0]));
    const cnld = rowsOf(model, "CNLD");
    const loads = capCentres.map((node) => cnld[node]!);
    expect(Object.keys(cnld).filter((node) => !capCentres.includes(node) && !scheme.girderNodes.some((g) => String(g.id) === node))).toEqual([]);
    expect(loads).toHaveLength(piers.length);
    for (const load of loads) {
      const items = load.ITEMS as { LCNAME: string; FZ: number }[];
      expect(items.map((i) => i.LCNAME)).toEqual(["DL"]);
      expect(Math.abs(-items[0]!.FZ - volumeTimesDensity) / volumeTimesDensity).toBeLessThan(0.02);
    }
  });

  it("model the cap with stiff beams of a grade without mass, so nothing of it is weighed twice", () => {
    const materials = rowsOf(model, "MATL");
    const elems = rowsOf(model, "ELEM");
    const capMaterials = new Set(scheme.supports.flatMap((s) => s.capElements).map((id) => elems[String(id)]!.MATL));
    expect([...capMaterials].map((id) => materials[String(id)])).toEqual([
      expect.objectContaining({ NAME: "C40 cap (no mass)", PARAM: [expect.objectContaining({ DEN: 0, MASS: 0, ELAST: concreteModulus(40) * 1000 })] }),
    ]);
  });
});

describe("buildModel", () => {
  const { model, scheme } = buildModelWithScheme(smallTables());

  it("sends UNIT first, before any coordinate, then every table in dependency order", () => {
    expect(model[0]).toEqual({ table: "UNIT", assign: { "1": { FORCE: "KN", DIST: "M", HEAT: "KJ", TEMPER: "C" } } });
    const order = model.map((r) => r.table);
    expect(order).toEqual(MIDAS_TABLE_ORDER.filter((t) => order.includes(t)));
    expect(order.indexOf("NODE")).toBeGreaterThan(order.indexOf("UNIT"));
    expect(order.indexOf("ELEM")).toBeGreaterThan(order.indexOf("SECT"));
    expect(order.indexOf("LCOM-GEN")).toBeGreaterThan(order.indexOf("MVLD"));
    expect(order.indexOf("TDPL")).toBeGreaterThan(order.indexOf("TDNA"));
  });

  it("makes one user material per concrete grade (AS 5100.5 modulus) and one for the strand", () => {
    expect(rowsOf(model, "MATL")["1"]).toEqual({
      TYPE: "CONC",
      NAME: "C50",
      DAMP_RAT: 0.05,
      PARAM: [{ P_TYPE: 2, ELAST: 34_800_000, POISN: 0.2, THERMAL: 1e-5, DEN: 25, MASS: 2.549291 }],
    });
    expect(rowsOf(model, "MATL")["3"]).toMatchObject({ TYPE: "STEEL", NAME: "STRAND" });
    expect(concreteModulus(55)).toBe(35667);
  });

  it("writes general sections as user SR/SB shapes and PSC boxes as 1CEL with the top centre at the node", () => {
    const sect = rowsOf(model, "SECT");
    expect(sect["1"]).toMatchObject({ SECTTYPE: "DBUSER", SECT_NAME: "COL", SECT_BEFORE: { SHAPE: "SR", DATATYPE: 2, SECT_I: { vSIZE: [1.5] } } });
    expect(sect["2"]).toMatchObject({ SECT_NAME: "HS", SECT_BEFORE: { SHAPE: "SB", SECT_I: { vSIZE: [1.5, 2] } } });
    expect(sect["101"]).toMatchObject({
      SECTTYPE: "PSC",
      SECT_NAME: "BOX",
      SECT_BEFORE: { SHAPE: "1CEL", OFFSET_PT: "CT", SECT_I: { vSIZE_PSC_A: [0.2, 0.2, 0, 0, 1.6, 0] } },
    });
    // The check settings the official client always sends with a box (joints, web thickness, shear and warping).
    const before = sect["101"]!.SECT_BEFORE as Record<string, unknown>;
    expect(before.JOINT).toEqual([false, false, false, false, false, false, false, false]);
    expect(before).toMatchObject({
      SHEAR_CHK: true,
      USE_WEB_THICK: [false, false],
      WEB_THICK: [0, 0],
      USE_AUTO_SHEAR_CHK_POS: [
        [true, false, true],
        [false, false, false],
      ],
      WARPING_CHK_AUTO_I: true,
      WARPING_CHK_AUTO_J: true,
    });
  });

  it("puts ElementsPerSpan girder elements in each span, element e from node e to node e+1 along chainage", () => {
    const nodes = rowsOf(model, "NODE");
    const elems = rowsOf(model, "ELEM");
    for (let e = 1; e <= 12; e++) {
      expect(elems[String(e)]).toEqual({ TYPE: "BEAM", MATL: 1, SECT: 101, NODE: [e, e + 1], ANGLE: 0 });
      expect(nodes[String(e)]).toEqual({ X: (e - 1) * 5, Y: 0, Z: 20 });
    }
    expect(scheme.girderElements.map((e) => e.span)).toEqual([1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2]);
    expect(scheme.girderElements[6]).toMatchObject({ id: 7, nodeI: 7, chainageI: 130, chainageJ: 135 });
  });

  it("hangs the pier below the girder: headstock, column, pile cap and pile down to a fixed toe", () => {
    const pier = scheme.supports[1]!;
    expect(pier).toMatchObject({ name: "P1", kind: "pier", chainage: 130, girderNode: 7, seatNode: 11001, pileGroup: "PG1" });
    expect(pier.bearings.map((b) => [b.link, b.seatNode])).toEqual([[100101, 11001]]);
    const nodes = rowsOf(model, "NODE");
    // Seat: girder line 20, less the 2 m box and 0.2 m bearings; the headstock centroid 0.75 m lower.
    expect(nodes["11001"]).toEqual({ X: 30, Y: 0, Z: 17.05 });
    // Cap top = 17.8 - 1.5 headstock - 8 pier height; cap centroid 0.75 lower; 10 m pile.
    const toe = pier.piles[0]!.toeNode;
    expect(nodes[String(toe)]).toEqual({ X: 30, Y: 0, Z: -2.45 });
    // The support after A1's seat (1): its item's ID is the serial 2, not the node (midas-civil-python numbers them).
    expect(rowsOf(model, "CONS")[String(toe)]).toEqual({ ITEMS: [{ ID: 2, GROUP_NAME: "", CONSTRAINT: "1111111" }] });
    const elems = rowsOf(model, "ELEM");
    const column = pier.columnElements.map((id) => elems[String(id)]!.NODE as number[]);
    expect(column).toHaveLength(2);
    expect(column[1]![1]).toBe(11001);
    for (const id of pier.piles[0]!.elements) expect(elems[String(id)]).toMatchObject({ SECT: 3, MATL: 2 });
  });

  it("links each bearing's seat to the girder's soffit, its shear at the bearing, its stiffness by its type", () => {
    const links = rowsOf(model, "ELNK");
    const nodes = rowsOf(model, "NODE");
    expect(scheme.supports.map((s) => [s.name, s.fixity, s.bearingType])).toEqual([
      ["A1", "Free", "Pot Guided"],
      ["P1", "Fixed", "Pot Fixed"],
      ["A2", "Free", "Pot Guided"],
    ]);
    // A1: one bearing on its fixed seat at 20 - 2 (box) - 0.2 (bearing) = 17.8, up to the soffit at 18.0; the shear acts
    // at the bearing's middle, 0.1 m up the 0.2 m link (DR 0.5). Guided: slides along (1,000), held across (1e6).
    expect(nodes["10001"]).toEqual({ X: 0, Y: 0, Z: 17.8 });
    expect(nodes["10002"]).toEqual({ X: 0, Y: 0, Z: 18 });
    expect(links["100001"]).toEqual({
      NODE: [10001, 10002],
      LINK: "GEN",
      ANGLE: 0,
      BNGR_NAME: "",
      SDR: [1e7, 1e6, 1000, 0, 0, 1e6],
      R_S: [false, false, false, false, false, false],
      bSHEAR: true,
      DR: [0.5, 0.5],
    });
    // The rigid arm from the girder's node (top of deck) down to the soffit above the bearing.
    expect(links["100002"]).toEqual({ NODE: [1, 10002], LINK: "RIGID", ANGLE: 0, BNGR_NAME: "" });
    // P1: from the headstock's centroid (17.05) to the soffit (18.0): 0.95 m, the shear 0.1 m below its top:
    // DR = 0.85 / 0.95 = 0.8947 (it was 0.5, half way up the link). Pot Fixed: held both ways.
    expect(links["100101"]).toMatchObject({ NODE: [11001, expect.any(Number)], SDR: [1e7, 1e6, 1e6, 0, 0, 1e6], DR: [0.8947, 0.8947] });
    expect(links["100201"]!.NODE).toEqual([12001, 12002]);
    expect(links["100202"]!.NODE).toEqual([13, 12002]);
    expect(rowsOf(model, "CONS")["10001"]).toEqual({ ITEMS: [{ ID: 1, GROUP_NAME: "", CONSTRAINT: "1111111" }] });
  });

  it("gives a support one link per bearing at its offset, sharing the support's stiffness, the seats on the headstock", () => {
    const two = buildModelWithScheme(withValue(smallTables(), "midassetup", "BearingOffsets", "Item1", "-1.5, 1.5"));
    const pier = two.scheme.supports[1]!;
    const links = rowsOf(two.model, "ELNK");
    const nodes = rowsOf(two.model, "NODE");
    expect(pier.bearings.map((b) => b.offset)).toEqual([-1.5, 1.5]);
    for (const b of pier.bearings) {
      // Each of two takes half: vertical 1e7 / 2, along and across 1e6 / 2; no torsion spring (the pair holds torsion).
      expect(links[String(b.link)]!.SDR).toEqual([5e6, 5e5, 5e5, 0, 0, 0]);
      expect(nodes[String(b.seatNode)]).toEqual({ X: 30, Y: b.offset, Z: 17.05 });
      expect(nodes[String(b.soffitNode)]).toEqual({ X: 30, Y: b.offset, Z: 18 });
      expect(links[String(b.arm)]).toMatchObject({ NODE: [7, b.soffitNode], LINK: "RIGID" });
      // The seat is a node of the headstock.
      expect(pier.headstockElements.some((e) => (rowsOf(two.model, "ELEM")[String(e)]!.NODE as number[]).includes(b.seatNode))).toBe(true);
    }
    const outside = withValue(smallTables(), "midassetup", "BearingOffsets", "Item1", "-4, 4");
    expect(() => buildModel(outside)).toThrow(/BearingOffsets of P1 put -4 m, 4 m beyond its headstock \(HeadstockLength 6 m: at most 3 m either side\)/);
  });

  it("gives each axle its distance to the next one, 0 on the last, as the manual's vehicles do", () => {
    const truck = withValue(
      withValue(smallTables(), "midasmoving", "AxleLoads", "Item1", "48, 135, 135, 192"),
      "midasmoving",
      "AxleSpacings",
      "Item1",
      "3.6, 1.2, 7.2",
    );
    const vehicle = rowsOf(buildModel(truck), "MVHL")["1"]!.VEH_AU as { LOAD_ITEMS: unknown };
    // The manual's KSCE-LSD15 example lists the same truck as 48/3.6, 135/1.2, 135/7.2, 192/0.
    expect(vehicle.LOAD_ITEMS).toEqual([
      { POINT_LOAD: 48, POINT_DIST: 3.6 },
      { POINT_LOAD: 135, POINT_DIST: 1.2 },
      { POINT_LOAD: 135, POINT_DIST: 7.2 },
      { POINT_LOAD: 192, POINT_DIST: 0 },
    ]);
  });

  it("numbers the supports' items 1, 2, ... over the whole CONS table, keyed by their nodes", () => {
    const cons = Object.values(rowsOf(model, "CONS")).map((row) => (row.ITEMS as { ID: number }[])[0]!.ID);
    expect(cons.sort((a, b) => a - b)).toEqual(cons.map((_, i) => i + 1));
  });

  it("maps load cases, self weight and beam loads (downward positive in the table, -GZ in MIDAS)", () => {
    expect(rowsOf(model, "STLD")).toEqual({
      "1": { NAME: "DL", TYPE: "D", DESC: "Self weight" },
      "2": { NAME: "SDL", TYPE: "DW", DESC: "Surfacing" },
      "3": { NAME: "PS", TYPE: "PS", DESC: "Prestress" },
      "4": { NAME: "PS-SEC", TYPE: "PS", DESC: "Secondary effect of PS (total less P·e), for ultimate combinations" },
    });
    expect(rowsOf(model, "BODF")).toEqual({ "1": { LCNAME: "DL", GROUP_NAME: "", FV: [0, 0, -1] } });
    const bmld = rowsOf(model, "BMLD");
    expect(Object.keys(bmld)).toHaveLength(12);
    expect(bmld["1"]).toEqual({
      ITEMS: [
        {
          ID: 1,
          LCNAME: "SDL",
          GROUP_NAME: "",
          CMD: "BEAM",
          TYPE: "UNILOAD",
          DIRECTION: "GZ",
          USE_PROJECTION: false,
          USE_ECCEN: false,
          D: [0, 1, 0, 0],
          P: [-20, -20, 0, 0],
        },
      ],
    });
    const spanTwo = buildModel(withValue(smallTables(), "midasload", "LoadedSpans", "Item2", "2"));
    expect(Object.keys(rowsOf(spanTwo, "BMLD")).map(Number)).toEqual([7, 8, 9, 10, 11, 12]);
  });

  it("defines the vehicle as a user vehicle under the Australian code, with one lane per design lane along the girder", () => {
    expect(rowsOf(model, "MVCD")).toEqual({ "1": { CODE: "AUSTRALIA" } });
    const lanes = rowsOf(model, "LLAN");
    expect(Object.keys(lanes)).toEqual(["1", "2"]);
    expect(lanes["2"]!.COMMON).toMatchObject({ LL_NAME: "TRUCK-L2", WIDTH: 3.2, MOVING: "BOTH" });
    const items = lanes["1"]!.LANE_ITEMS as { ELEM: number; ECC: number; SPAN_START: boolean }[];
    expect(items.map((i) => i.ELEM)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(items.filter((i) => i.SPAN_START).map((i) => i.ELEM)).toEqual([1, 7]);
    expect((lanes["2"]!.LANE_ITEMS as { ECC: number }[])[0]!.ECC).toBe(-1.6);
    // The manual's Australian user-defined Truck/Lane (/db/MVHL, VEH_AU): code 14, kind 2, allowance as a fraction.
    expect(rowsOf(model, "MVHL")["1"]).toEqual({
      MVLD_CODE: 14,
      VEHICLE_LOAD_NAME: "TRUCK",
      VEHICLE_LOAD_NUM: 2,
      USER_LOAD_TYPE: "Truck/Lane",
      VEH_AU: {
        DYN_LOAD_ALLOWANCE: 0.3,
        VAR_SPACING: false,
        FATIGUE: false,
        UNIFORM_LOAD: 5,
        LOAD_ITEMS: [
          { POINT_LOAD: 100, POINT_DIST: 4 },
          { POINT_LOAD: 100, POINT_DIST: 0 },
        ],
      },
    });
    expect(rowsOf(model, "MVLD")["1"]).toMatchObject({
      LCNAME: "MV",
      TYPE: 0,
      DEFAULT: {
        LOAD_MODEL: 0,
        LOAD_COMB_TYPE: 0,
        FATIGUE: false,
        SCALE_FACTORS: [1, 0.8, 0.8, 0.8, 0.8, 0.8],
        SUB_LOAD_DATAS: [{ VEHICLE_NAME: "TRUCK", MAX_LOADED_LANE: 2, LANE_NAMES: ["TRUCK-L1", "TRUCK-L2"] }],
      },
    });
  });

  it("writes combinations with the analysis type of each case: ST, MV or CB", () => {
    const lcom = rowsOf(model, "LCOM-GEN");
    expect(lcom["1"]).toEqual({
      NAME: "ULS",
      ACTIVE: "ACTIVE",
      iTYPE: 0,
      DESC: "Ultimate",
      vCOMB: [
        { ANAL: "ST", LCNAME: "DL", FACTOR: 1.2 },
        { ANAL: "ST", LCNAME: "SDL", FACTOR: 2 },
        { ANAL: "MV", LCNAME: "MV", FACTOR: 1.8 },
      ],
    });
    expect(lcom["3"]).toMatchObject({
      iTYPE: 1,
      vCOMB: [
        { ANAL: "CB", LCNAME: "ULS" },
        { ANAL: "CB", LCNAME: "SLS" },
      ],
    });
  });

  it("runs each tendon group through its spans with a profile high over the piers and low at mid-span", () => {
    const tdna = rowsOf(model, "TDNA")["1"]!;
    expect(tdna).toMatchObject({ NAME: "PT1", TDN_PROP: 1, TDN_GRUP: 1, bTP: true, CNT: 4, INS_ELEM: 1, ELEM: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] });
    expect((tdna.PROFZ as { PT: number[] }[]).map((p) => p.PT)).toEqual([
      [0, -0.8],
      [15, -1.6],
      [30, -0.3],
      [45, -1.6],
      [60, -0.8],
    ]);
    expect(rowsOf(model, "TDNT")["1"]).toMatchObject({ MATL: 3, AREA: 0.001716, LT: "POST", RM: 11 });
    expect(rowsOf(model, "TDPL")["1"]).toEqual({
      ITEMS: [{ ID: 1, LCNAME: "PS", GROUP_NAME: "", TENDON_NAME: "PT1", TYPE: "FORCE", ORDER: "BOTH", BEGIN: 2400, END: 2400, GROUTING: 0 }],
    });
    expect(rowsOf(model, "TDGR")).toEqual({ "1": { NAME: "PT1" } });
  });

  it("resolves every reference: nodes, sections, materials, cases, lanes, vehicles, tendons", () => {
    expect(unresolvedReferences(model)).toEqual([]);
    expect(unresolvedReferences(buildModel(demoMidasTables()))).toEqual([]);
    const broken = structuredClone(model);
    broken.find((r) => r.table === "ELEM")!.assign["3"]!.SECT = 999;
    delete broken.find((r) => r.table === "NODE")!.assign["13"];
    expect(unresolvedReferences(broken)).toEqual(expect.arrayContaining(["ELEM 3 → SECT 999", "ELEM 12 → NODE 13", "ELNK 100202 → NODE 13"]));
  });

  it("keeps the girder's and the other supports' ids when a pile group changes", () => {
    const other = buildModelWithScheme(
      withValue(withValue(smallTables(), "midaspiles", "PilesPerRow", "Item1", "2"), "midaspiles", "PileSpacing", "Item1", "3"),
    );
    expect(other.scheme.girderElements).toEqual(scheme.girderElements);
    expect(other.scheme.supports[0]).toEqual(scheme.supports[0]);
    expect(other.scheme.supports[1]!.piles).toHaveLength(2);
    expect(other.scheme.supports[1]!.seatNode).toBe(scheme.supports[1]!.seatNode);
  });

  it("fingerprints the request set: the same tables give the same digest, any changed value another", () => {
    expect(modelFingerprint(buildModel(smallTables()))).toBe(modelFingerprint(model));
    expect(modelFingerprint(buildModel(withValue(smallTables(), "midasload", "UniformLoad", "Item2", "21")))).not.toBe(modelFingerprint(model));
  });

  it("refuses tables with problems, carrying them", () => {
    const bad = withValue(smallTables(), "midassetup", "SpanLength", "Item1", "-3");
    expect(() => buildModel(bad)).toThrow(MidasTablesInvalidError);
    try {
      buildModel(bad);
    } catch (e) {
      expect((e as MidasTablesInvalidError).problems[0]).toMatchObject({ dataset: "midassetup", parameter: "SpanLength", item: "Item1" });
    }
  });
});
