/**
 * The AS 5100.2:2017 road traffic loads the moving-load table starts with (docs/midas.md, "Moving loads"): M1600, the
 * moving traffic load, and S1600, the stationary one. Each is four tri-axle groups, axles 1.25 m apart in a group;
 * 3.75 m clear between the first two groups, a variable gap of at least 6.25 m between the second and third, 5.0 m
 * between the last two; 120 kN axles (1,440 kN) with a 6 kN/m lane load for M1600, 80 kN axles (960 kN) with 24 kN/m
 * for S1600. Arrangement as ccaprani/pycba encodes the standard's figures (src/pycba/vehicle.py,
 * VehicleLibrary.AU.get_m1600 / get_s1600); dynamic load allowance 0.3 for M1600 and 0 for S1600 (AS 5100.2 Cl 7.7);
 * accompanying lane factors 1.0, 0.8, 0.4 for the first, second and further lanes; design lanes 3.2 m wide.
 */

/** Axle spacings of M1600 and S1600, front to back; the 6th is the variable one, at its minimum. */
const AS5100_AXLE_SPACINGS = [1.25, 1.25, 3.75, 1.25, 1.25, 6.25, 1.25, 1.25, 5.0, 1.25, 1.25] as const;
/** Which spacing varies (1-based, as the table's VariableGap counts). */
const AS5100_VARIABLE_GAP = 6;
/**
 * The lengths the variable gap is run at: from the 6.25 m minimum up to 45 m, so that on spans up to about 45 m the
 * groups can straddle a pier (hogging) or bunch in one span (sagging). Longer spans need longer gaps: the engineer adds them.
 */
const AS5100_VARIABLE_SPACINGS = [6.25, 8, 10, 12.5, 15, 20, 25, 30, 35, 40, 45] as const;

type StandardVehicle = {
  name: "M1600" | "S1600";
  description: string;
  axleLoad: number;
  laneLoad: number;
  /** %: the table's unit (MIDAS gets the fraction). */
  dynamicLoadAllowance: number;
};

const AS5100_VEHICLES: readonly StandardVehicle[] = [
  { name: "M1600", description: "AS 5100.2 M1600 moving traffic load", axleLoad: 120, laneLoad: 6, dynamicLoadAllowance: 30 },
  { name: "S1600", description: "AS 5100.2 S1600 stationary traffic load", axleLoad: 80, laneLoad: 24, dynamicLoadAllowance: 0 },
];

const list = (values: readonly number[]) => values.join(", ");

/**
 * The moving-load table's values of the standard vehicles, by Parameter, one per item (Item1 M1600, Item2 S1600):
 * everything but the lanes' count and position, which belong to the bridge (the demo and the engineer give them).
 */
export function standardVehicleValues(): Record<string, string[]> {
  return {
    VehicleName: AS5100_VEHICLES.map((v) => v.name),
    LoadCaseName: AS5100_VEHICLES.map((v) => v.name),
    Description: AS5100_VEHICLES.map((v) => v.description),
    AxleLoads: AS5100_VEHICLES.map((v) => list(Array.from({ length: AS5100_AXLE_SPACINGS.length + 1 }, () => v.axleLoad))),
    AxleSpacings: AS5100_VEHICLES.map(() => list(AS5100_AXLE_SPACINGS)),
    VariableGap: AS5100_VEHICLES.map(() => String(AS5100_VARIABLE_GAP)),
    VariableSpacings: AS5100_VEHICLES.map(() => list(AS5100_VARIABLE_SPACINGS)),
    LaneLoad: AS5100_VEHICLES.map((v) => String(v.laneLoad)),
    DynamicLoadAllowance: AS5100_VEHICLES.map((v) => String(v.dynamicLoadAllowance)),
    LaneWidth: AS5100_VEHICLES.map(() => "3.2"),
    LaneFactors: AS5100_VEHICLES.map(() => "1.0, 0.8, 0.4"),
  };
}
