import { describe, expect, it } from "vitest";
import { parseInbound } from "./protocol";

describe("parseInbound", () => {
  it("accepts hello and ack", () => {
    expect(parseInbound('{"v":1,"type":"hello","client":"Pontifex for Revit","revitVersion":"2025","document":"Bridge.rvt"}')).toMatchObject({
      ok: true,
      message: { type: "hello", client: "Pontifex for Revit", revitVersion: "2025", document: "Bridge.rvt" },
    });
    const ack = parseInbound(
      JSON.stringify({
        v: 1,
        type: "ack",
        pushId: "0b8f3c1e-4a59-4a4e-9a51-4a8a3b0e9d11",
        status: "partial",
        errors: [{ id: 3, parameter: "SkewAngle", message: "no such family parameter" }],
      }),
    );
    expect(ack).toMatchObject({ ok: true, message: { type: "ack", status: "partial" } });
  });

  it("answers each kind of bad frame with its error code", () => {
    const cases: [string, string][] = [
      ["not json", "bad_json"],
      ["[1,2]", "bad_message"],
      ['"hello"', "bad_message"],
      ['{"type":"hello"}', "unsupported_version"],
      ['{"v":2,"type":"hello"}', "unsupported_version"],
      ['{"v":1,"type":"subscribe"}', "unknown_type"],
      ['{"v":1}', "unknown_type"],
      ['{"v":1,"type":"ack","pushId":"not-a-uuid","status":"applied"}', "bad_message"],
      ['{"v":1,"type":"ack","pushId":"0b8f3c1e-4a59-4a4e-9a51-4a8a3b0e9d11","status":"done"}', "bad_message"],
      [`{"v":1,"type":"hello","client":"${"x".repeat(300)}"}`, "bad_message"],
    ];
    for (const [frame, code] of cases) {
      const result = parseInbound(frame);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error).toMatchObject({ v: 1, type: "error", code });
        expect(result.error.message.length).toBeGreaterThan(10);
      }
    }
  });
});
