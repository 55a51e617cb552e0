import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildPushFrames, frameOverhead, packPushBodies, type PushMeta, pushFrames } from "./frames";
import { MAX_FRAME_BYTES, type PushMessage } from "./protocol";

const meta: PushMeta = {
  pushId: "0b8f3c1e-4a59-4a4e-9a51-4a8a3b0e9d11",
  project: { id: 7, name: 'Demo "Viaduct" – Stage 2' },
  dataset: "pier",
  mode: "all",
  parameter: null,
  createdAt: "2026-11-22T10:00:00.000Z",
  rowCount: 0,
};

function table(rows: number, columns: number, value = "12.345"): string[] {
  return Array.from({ length: rows }, (_, r) => {
    const row: Record<string, string | number> = { Id: r + 1, Parameter: `P${r + 1}` };
    for (let c = 1; c <= columns; c++) row[`Item${c}`] = value;
    return JSON.stringify(row);
  });
}

/** What an add-in does: collect the parts, merge rows by Id. */
function reassemble(frames: string[]): Record<string, string | number>[] {
  const byId = new Map<unknown, Record<string, string | number>>();
  for (const frame of frames) for (const row of (JSON.parse(frame) as PushMessage).rows) byId.set(row.Id, { ...byId.get(row.Id), ...row });
  return [...byId.values()];
}

describe("buildPushFrames", () => {
  it("sends a small push as one frame, part 1 of 1", () => {
    const frames = buildPushFrames({ ...meta, rowCount: 2 }, table(2, 3));
    expect(frames).toHaveLength(1);
    const message = JSON.parse(frames[0]!) as PushMessage;
    expect(message).toMatchObject({
      v: 1,
      type: "push",
      pushId: meta.pushId,
      project: meta.project,
      dataset: "pier",
      mode: "all",
      part: 1,
      parts: 1,
      rowCount: 2,
    });
    expect(message.rows.map((r) => r.Parameter)).toEqual(["P1", "P2"]);
  });

  it("splits a 2,000 x 300 table into frames of at most 1 MiB, numbered in order, losing nothing", () => {
    const rows = table(2000, 300);
    const frames = buildPushFrames({ ...meta, rowCount: 2000 }, rows);
    expect(frames.length).toBeGreaterThan(10);
    for (const [i, frame] of frames.entries()) {
      expect(Buffer.byteLength(frame)).toBeLessThanOrEqual(MAX_FRAME_BYTES);
      expect(JSON.parse(frame)).toMatchObject({ part: i + 1, parts: frames.length });
    }
    expect(reassemble(frames)).toEqual(rows.map((r) => JSON.parse(r)));
  });

  it("cuts a single row larger than a frame into slices that carry Id and Parameter", () => {
    const rows = table(1, 2000, "x".repeat(700));
    const frames = buildPushFrames({ ...meta, rowCount: 1 }, rows);
    expect(frames.length).toBeGreaterThan(1);
    for (const frame of frames) {
      expect(Buffer.byteLength(frame)).toBeLessThanOrEqual(MAX_FRAME_BYTES);
      for (const row of (JSON.parse(frame) as PushMessage).rows) expect(row).toMatchObject({ Id: 1, Parameter: "P1" });
    }
    expect(reassemble(frames)).toEqual([JSON.parse(rows[0]!)]);
  });

  it("still sends one (empty) frame for an empty table", () => {
    const frames = buildPushFrames(meta, []);
    expect(JSON.parse(frames[0]!)).toMatchObject({ part: 1, parts: 1, rows: [] });
  });

  it("never exceeds the frame size and never loses or reorders a row, whatever the rows", () => {
    const rowArb = fc.record({
      Parameter: fc.string({ maxLength: 40 }),
      values: fc.array(fc.string({ maxLength: 300 }), { maxLength: 40 }),
    });
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 60 }), fc.integer({ min: 2048, max: 20000 }), (specs, maxBytes) => {
        const rows = specs.map((s, i) =>
          JSON.stringify({ Id: i + 1, Parameter: s.Parameter, ...Object.fromEntries(s.values.map((v, c) => [`Item${c + 1}`, v])) }),
        );
        const frames = buildPushFrames({ ...meta, rowCount: rows.length }, rows, maxBytes);
        for (const frame of frames) expect(Buffer.byteLength(frame)).toBeLessThanOrEqual(maxBytes);
        expect(reassemble(frames)).toEqual(rows.map((r) => JSON.parse(r)));
      }),
      { numRuns: 300 },
    );
  });

  it("sends the same bytes from bodies packed once per table revision as from the rows, whatever the push's header", () => {
    const rowArb = fc.record({
      Parameter: fc.string({ maxLength: 40 }),
      values: fc.array(fc.string({ maxLength: 300 }), { maxLength: 40 }),
    });
    const metaArb = fc.record({
      pushId: fc.uuid(),
      project: fc.record({ id: fc.nat(), name: fc.string({ maxLength: 200 }) }),
      dataset: fc.constantFrom("pier", "abt", "box", "coresetup"),
      mode: fc.constantFrom("all" as const, "one" as const),
      parameter: fc.option(fc.string({ maxLength: 60 })),
      createdAt: fc.date({ min: new Date(0), max: new Date("9999-12-31"), noInvalidDate: true }).map((d) => d.toISOString()),
    });
    fc.assert(
      fc.property(
        fc.array(rowArb, { maxLength: 60 }),
        fc.array(metaArb, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 2048, max: 20000 }),
        (specs, metas, maxBytes) => {
          const rows = specs.map((s, i) =>
            JSON.stringify({ Id: i + 1, Parameter: s.Parameter, ...Object.fromEntries(s.values.map((v, c) => [`Item${c + 1}`, v])) }),
          );
          // Several pushes of the same rows: each with its own id, time and project name, the bodies shared when the header size is the same.
          const kept = new Map<number, Buffer[]>();
          for (const m of metas) {
            const push = { ...m, rowCount: rows.length };
            const overhead = frameOverhead(push);
            if (!kept.has(overhead)) kept.set(overhead, packPushBodies(rows, overhead, maxBytes));
            const frames = pushFrames(push, kept.get(overhead)!);
            expect(frames.map((f) => f.toString())).toEqual(buildPushFrames(push, rows, maxBytes));
            for (const frame of frames) expect(frame.length).toBeLessThanOrEqual(maxBytes);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
