import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import { databaseDirectory } from "@/lib/live/directory";
import { applyPresence, type LiveEvent, type Viewer } from "@/lib/live/events";
import { LiveTables, setLiveTables } from "@/lib/live/hub";
import { LocalBus } from "@/lib/replica-bus";
import { type ServerSentEvent, serverSentEvents } from "@/test/sse";
import { useTestDatabase } from "@/test/database";
import { expectJson } from "@/test/http";
import { joinProject, signedInClient } from "@/test/session";
import * as events from "./[id]/datasets/[ds]/events/route";
import * as memberById from "./[id]/members/[userId]/route";
import * as project from "./[id]/route";
import * as presence from "./[id]/datasets/[ds]/presence/route";
import * as row from "./[id]/datasets/[ds]/rows/[rowId]/route";
import * as rows from "./[id]/datasets/[ds]/rows/route";

useTestDatabase();
let live: LiveTables;

beforeAll(() => {
  live = new LiveTables(new LocalBus(), databaseDirectory);
  setLiveTables(live);
});

afterAll(() => {
  live.close();
  setLiveTables(undefined);
});

/** Reads server-sent events from a streamed answer until `until` holds for one of them. */
async function readUntil(response: Response, until: (event: string, data: unknown) => boolean): Promise<{ event: string; data: unknown }[]> {
  const seen: ServerSentEvent[] = [];
  for await (const { event, data } of serverSentEvents(response.body!)) {
    seen.push({ event, data });
    if (until(event, data)) break;
  }
  return seen;
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
    // Who has it open: the whole list first, then changes (every 250 ms at most), until Ada is shown editing the row and her save has come.
    let viewers: ReadonlyMap<string, Viewer> = new Map();
    let seenRows = false;
    const seen = await readUntil(stream, (event, data) => {
      seenRows ||= event === "rows";
      if (event === "presence" || event === "presence-change")
        viewers = applyPresence(viewers, data as Extract<LiveEvent, { type: "presence" | "presence-change" }>);
      return [...viewers.values()].some((v) => v.client === "tab-ada-01" && v.editing === id) && seenRows;
    });
    expect(seen[0]?.event).toBe("presence");
    expect(seen.find((e) => e.event === "rows")).toEqual({
      event: "rows",
      data: { type: "rows", userId: ada.userId, name: expect.stringMatching(/^ada\./), ids: [id] },
    });
    await adaStream.body!.cancel();
  });

  it(`refuses a person's stream past LIVE_STREAMS_PER_USER (429 naming it), and takes them again once one closes`, async () => {
    const grace = await signedInClient("many-tabs");
    const limit = env().LIVE_STREAMS_PER_USER;
    const params = { id: String(grace.projectId), ds: "pier" };
    const open = (tab: number) => grace.client.get(events.GET, `/api/projects/${grace.projectId}/datasets/pier/events?client=tab-many-${tab}`, { params });
    const streams: Response[] = [];
    for (let tab = 0; tab < limit; tab++) streams.push(await open(tab));
    expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));
    const refused = await open(limit);
    expect(refused.headers.get("retry-after")).toBe("30");
    const body = await expectJson<{ error: string; limit: number }>(refused, 429);
    expect(body.error).toContain(`LIVE_STREAMS_PER_USER=${limit}`);
    expect(body.limit).toBe(limit);
    await streams.pop()!.body!.cancel();
    const again = await open(limit);
    expect(again.status).toBe(200);
    for (const s of [...streams, again]) await s.body!.cancel();
    // Every one closed: nothing of them is held.
    await expect.poll(() => live.stats().streams).toBe(0);
  });

  it("a member removed, or given another role, or their project deleted: their open stream's last event is `revoked`, and it ends", async () => {
    const owner = await signedInClient("owner-revokes");
    const ada = await signedInClient("ada-revoked");
    const bob = await signedInClient("bob-demoted");
    await joinProject(ada.userId, owner.projectId, "editor");
    await joinProject(bob.userId, owner.projectId, "editor");
    const id = String(owner.projectId);
    const params = { id, ds: "box" };
    const open = (who: typeof ada, tab: string) => who.client.get(events.GET, `/api/projects/${id}/datasets/box/events?client=${tab}`, { params });
    const adaStream = await open(ada, "tab-ada-revoked");
    const bobStream = await open(bob, "tab-bob-demoted");
    const ownerStream = await open(owner, "tab-owner-stays");

    await expectJson(
      await owner.client.delete(memberById.DELETE, `/api/projects/${id}/members/${ada.userId}`, { params: { id, userId: String(ada.userId) } }),
      200,
    );
    const adaSeen = await readUntil(adaStream, () => false);
    expect(adaSeen.at(-1)).toEqual({ event: "revoked", data: { type: "revoked", reason: "removed" } });

    await expectJson(
      await owner.client.call(memberById.PATCH, `/api/projects/${id}/members/${bob.userId}`, {
        method: "PATCH",
        params: { id, userId: String(bob.userId) },
        body: { role: "viewer" },
      }),
      200,
    );
    const bobSeen = await readUntil(bobStream, () => false);
    expect(bobSeen.at(-1)).toEqual({ event: "revoked", data: { type: "revoked", reason: "role-changed" } });
    // Still a member: he opens it again, now as a viewer.
    const bobAgain = await open(bob, "tab-bob-demoted");
    expect(bobAgain.status).toBe(200);

    await expectJson(await owner.client.delete(project.DELETE, `/api/projects/${id}`, { params: { id } }), 200);
    for (const stream of [ownerStream, bobAgain]) {
      expect((await readUntil(stream, () => false)).at(-1)).toEqual({ event: "revoked", data: { type: "revoked", reason: "project-deleted" } });
    }
  });

  it("is the members' only: 404 for anyone else, 400 without the tab's id", async () => {
    const owner = await signedInClient("owner");
    const stranger = await signedInClient("stranger");
    const params = { id: String(owner.projectId), ds: "pier" };
    await expectJson(await stranger.client.get(events.GET, `/api/projects/${owner.projectId}/datasets/pier/events?client=tab-stranger`, { params }), 404);
    await expectJson(await owner.client.get(events.GET, `/api/projects/${owner.projectId}/datasets/pier/events`, { params }), 400);
  });
});
