import { describe, expect, it } from "vitest";
import { isNewerPushState } from "./summary";

describe("a push's news in the browser", () => {
  it("moves on from queued and delivered, and never back from a final state", () => {
    expect(isNewerPushState(undefined, "delivered")).toBe(true);
    expect(isNewerPushState("queued", "delivered")).toBe(true);
    expect(isNewerPushState("delivered", "applied")).toBe(true);
    // News of "delivered" read before the add-in's answer, arriving after it: "Applied" stays.
    expect(isNewerPushState("applied", "delivered")).toBe(false);
    expect(isNewerPushState("partial", "queued")).toBe(false);
    expect(isNewerPushState("expired", "delivered")).toBe(false);
    // A final state again (the same answer told twice) is still news.
    expect(isNewerPushState("applied", "applied")).toBe(true);
  });
});
