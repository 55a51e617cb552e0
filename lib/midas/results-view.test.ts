import { describe, expect, it } from "vitest";
import { columnDecimals, formatResultValue } from "./results-view";

describe("result values as engineers round them", () => {
  const kNm = { force: "kN", length: "m" };
  it("forces to 0.1 kN, moments to 1 kN·m, lengths to the millimetre; labels as stored", () => {
    expect(formatResultValue(12345.6789, columnDecimals("Shear", kNm))).toBe("12,345.7");
    expect(formatResultValue(-21802.6912, columnDecimals("Moment", kNm))).toBe("-21,803");
    expect(formatResultValue(1136, columnDecimals("Chainage", kNm))).toBe("1,136.000");
    expect(formatResultValue(0.45, columnDecimals("Offset", kNm))).toBe("0.450");
    expect(formatResultValue(101, columnDecimals("Elem", kNm))).toBe("101");
    expect(formatResultValue("ULS-ENV(max)", columnDecimals("Load", kNm))).toBe("ULS-ENV(max)");
    expect(formatResultValue(-0.04, columnDecimals("Shear", kNm))).toBe("0.0");
  });

  it("keeps the same resolution in other units: N to 1, N·mm to 1, mm to 1", () => {
    const Nmm = { force: "N", length: "mm" };
    expect(formatResultValue(1234.56, columnDecimals("Axial", Nmm))).toBe("1,235");
    expect(formatResultValue(98765.4, columnDecimals("MomentY", Nmm))).toBe("98,765");
    expect(formatResultValue(1500.4, columnDecimals("Depth", Nmm))).toBe("1,500");
  });
});
