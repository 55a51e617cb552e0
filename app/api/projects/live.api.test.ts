import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { personNameOf } from "@/lib/auth/session";
import { LiveTables, setLiveTables } from "@/lib/live/hub";
import { LocalBus } from "@/lib/relay/bus";
import { useTestDatabase } from "@/test/database";
import { expectJson } from "@/test/http";
import { joinProject, signedInClient } from "@/test/session";
import * as events from "./[id]/datasets/[ds]/events/route";
import * as presence from "./[id]/datasets/[ds]/presence/route";
import * as row from "./[id]/datasets/[ds]/rows/[rowId]/route";
import * as rows from "./[id]/datasets/[ds]/rows/route";

useTestDatabase();
let live: LiveTables;

beforeAll(() => {
  live = new LiveTables(new LocalBus(), personNameOf);
  setLiveTables(live);
});

afterAll(() => {
  live.close();
  setLiveTables(undefined);
});

/** Reads server-sent events from a streamed answer until `until` holds for one of them. */
async function readUntil(response: Response, until: (event: string, data: unknown) => boolean): Promise<{ event: string; data: unknown }[]> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const seen: { event: string; data: unknown }[] = [];
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return seen;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf("\n\n")) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (!event || data === undefined) continue;
      seen.push({ event, data: JSON.parse(data) });
      if (until(event, JSON.parse(data))) {
        await reader.cancel();
        return seen;
      }
    }
  }
}

describe("live tables over HTTP", () => {
  it("a table's events stream tells one engineer who else has it open, who edits which row, and the other's save", async () => {
    const grace = await signedInClient("grace");
    const ada = await signedInClient("ada");
    await joinProject(ada.userId, grace.projectId);
    const params = { id: String(grace.projectId), ds: "box" };
    const created = await expectJson<{ data: { Id: number } }>(
      await grace.client.post(rows.POST, `/api/projects/${grace.projectId}/datasets/box/rows`, {
        params,
        body: { data: { Parameter: "LiveRow", Item1: "1" } },
      }),
      201,
    );
    const id = created.data.Id;

    const stream = await grace.client.get(events.GET, `/api/projects/${grace.projectId}/datasets/box/events?client=tab-grace-1`, { params });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toBe("text/event-stream");
    const adaStream = await ada.client.get(events.GET, `/api/projects/${grace.projectId}/datasets/box/events?client=tab-ada-01`, { params });
    await expectJson(
      await ada.client.post(presence.POST, `/api/projects/${grace.projectId}/datasets/box/presence`, { params, body: { client: "tab-ada-01", editing: id } }),
      200,
    );
    await expectJson(
      await ada.client.call(row.PATCH, `/api/projects/${grace.projectId}/datasets/box/rows/${id}`, {
        method: "PATCH",
        params: { ...params, rowId: String(id) },
        body: { data: { Item1: "2", Version: 1 } },
      }),
      200,
    );
    const seen = await readUntil(stream, (event) => event === "rows");
    const presences = seen.filter((e) => e.event === "presence").map((e) => (e.data as { viewers: { client: string; editing: number | null }[] }).viewers);
    expect(presences.some((viewers) => viewers.some((v) => v.client === "tab-ada-01" && v.editing === id))).toBe(true);
    expect(seen.at(-1)).toEqual({ event: "rows", data: { type: "rows", userId: ada.userId, name: expect.stringMatching(/^ada\./), ids: [id] } });
    await adaStream.body!.cancel();
  });

  it("is the members' only: 404 for anyone else, 400 without the tab's id", async () => {
    const owner = await signedInClient("owner");
    const stranger = await signedInClient("stranger");
    const params = { id: String(owner.projectId), ds: "pier" };
    await expectJson(await stranger.client.get(events.GET, `/api/projects/${owner.projectId}/datasets/pier/events?client=tab-stranger`, { params }), 404);
    await expectJson(await owner.client.get(events.GET, `/api/projects/${owner.projectId}/datasets/pier/events`, { params }), 400);
  });
});
