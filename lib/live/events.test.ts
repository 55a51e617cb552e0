import { describe, expect, it } from "vitest";
import { applyPresence, type Viewer } from "./events";

const grace: Viewer = { client: "tab-a", userId: 1, name: "Grace Hopper", editing: null };
const ada: Viewer = { client: "tab-b", userId: 2, name: "Ada Lovelace", editing: 4 };

describe("who has the table open, as the browser keeps it", () => {
  it("a presence event is the whole list; a presence-change adds, updates and removes", () => {
    let viewers = applyPresence(new Map(), { type: "presence", viewers: [grace] });
    expect([...viewers.values()]).toEqual([grace]);
    viewers = applyPresence(viewers, { type: "presence-change", changed: [ada, { ...grace, editing: 9 }], left: [] });
    expect([...viewers.values()]).toEqual([{ ...grace, editing: 9 }, ada]);
    viewers = applyPresence(viewers, { type: "presence-change", changed: [], left: [{ client: "tab-a", userId: 1 }] });
    expect([...viewers.values()]).toEqual([ada]);
    // A reconnect starts over from the whole list.
    expect([...applyPresence(viewers, { type: "presence", viewers: [grace] }).values()]).toEqual([grace]);
  });

  it("a tab is its user's and its id together: another user's tab with the same id is someone else", () => {
    const twin: Viewer = { ...grace, userId: 3, name: "Someone Else" };
    let viewers = applyPresence(new Map(), { type: "presence", viewers: [grace, twin] });
    viewers = applyPresence(viewers, { type: "presence-change", changed: [], left: [{ client: "tab-a", userId: 3 }] });
    expect([...viewers.values()]).toEqual([grace]);
  });

  it("does not change the list it was given", () => {
    const before = applyPresence(new Map(), { type: "presence", viewers: [grace] });
    applyPresence(before, { type: "presence-change", changed: [ada], left: [grace] });
    expect([...before.values()]).toEqual([grace]);
  });
});
