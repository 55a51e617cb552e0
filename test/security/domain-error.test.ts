import { describe, expect, it, vi } from "vitest";
import { DomainError } from "@/lib/errors";

describe("3. unauthenticated requests stall everyone (the hash queue's refusal)", () => {
  it("a DomainError made by another copy of lib/errors.ts is still a DomainError (server.ts and Next's bundle each load one)", async () => {
    vi.resetModules();
    const other = (await import("@/lib/errors")) as typeof import("@/lib/errors");
    // A fresh module graph: a second class, as in the server process, not the same one twice.
    expect(other.DomainError).not.toBe(DomainError);
    const busy = new other.DomainError("unavailable", "busy", undefined, 2);
    expect(busy instanceof DomainError).toBe(true);
    expect(new Error("plain") instanceof DomainError).toBe(false);
    expect({ kind: "unavailable" } instanceof DomainError).toBe(false);
  });
});
