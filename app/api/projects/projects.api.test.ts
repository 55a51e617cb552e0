import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as legacyCreate from "@/app/api/database/[ds]/create-element/route";
import * as legacyFetchAll from "@/app/api/database/[ds]/fetch-all/route";
import * as legacyPush from "@/app/api/websocket/[ds]/fetch-all/route";
import { projectInvitations as projectInvitationsTable, revitPushes } from "@/db/schema";
import { resetEnv } from "@/lib/env";
import { testDb, useTestDatabase } from "@/test/database";
import { expectJson, TestClient } from "@/test/http";
import { useTestRelays } from "@/test/relay";
import { signedInClient } from "@/test/session";
import * as column from "./[id]/datasets/[ds]/columns/[name]/route";
import * as row from "./[id]/datasets/[ds]/rows/[rowId]/route";
import * as rows from "./[id]/datasets/[ds]/rows/route";
import * as accept from "../invitations/[invitationId]/accept/route";
import * as decline from "../invitations/[invitationId]/decline/route";
import * as invitations from "../invitations/route";
import * as projectInvitations from "./[id]/invitations/route";
import * as invitationById from "./[id]/invitations/[invitationId]/route";
import * as memberById from "./[id]/members/[userId]/route";
import * as members from "./[id]/members/route";
import * as pushes from "./[id]/pushes/route";
import * as project from "./[id]/route";
import * as current from "./current/route";
import * as projects from "./route";

const database = useTestDatabase();
const startRelay = useTestRelays(database);

type Project = { id: number; name: string; role: string };
type Row = Record<string, string | number>;
type Person = Awaited<ReturnType<typeof signedInClient>>;

const list = async (client: TestClient) => (await expectJson<{ projects: Project[] }>(await client.get(projects.GET, "/api/projects"), 200)).projects;
const create = (client: TestClient, body: unknown) => client.post(projects.POST, "/api/projects", { body });
const newProject = async (client: TestClient, name: string, copyFrom?: number) =>
  (await expectJson<{ project: Project }>(await create(client, { name, copyFrom }), 201)).project;
const p = (id: number, extra: Record<string, string> = {}) => ({ params: { id: String(id), ...extra } });
const tableRows = async (client: TestClient, id: number, ds: string) =>
  expectJson<{ data: Row[]; columns: string[] }>(await client.get(rows.GET, `/api/projects/${id}/datasets/${ds}/rows`, p(id, { ds })), 200);
const addRow = (client: TestClient, id: number, ds: string, data: Row) =>
  client.post(rows.POST, `/api/projects/${id}/datasets/${ds}/rows`, { ...p(id, { ds }), body: { data } });
const addMember = (client: TestClient, id: number, email: string, role: string) =>
  client.post(members.POST, `/api/projects/${id}/members`, { ...p(id), body: { email, role } });
type Invitation = { id: string; project: { id: number; name: string }; role: string; invitedBy: { name: string; email: string } | null };
const myInvitations = async (client: TestClient) =>
  (await expectJson<{ invitations: Invitation[] }>(await client.get(invitations.GET, "/api/invitations"), 200)).invitations;
const acceptInvitation = (client: TestClient, id: string) => client.post(accept.POST, `/api/invitations/${id}/accept`, { params: { invitationId: id } });
/** An owner's invitation, accepted by the person invited: they are a member from then on. */
async function join(by: TestClient, projectId: number, person: Person, role: string): Promise<void> {
  const { invitation } = await expectJson<{ invitation: { id: string } }>(await addMember(by, projectId, person.email, role), 201);
  await expectJson(await acceptInvitation(person.client, invitation.id), 200);
}
const setCurrent = (client: TestClient, projectId: number) => client.call(current.PUT, "/api/projects/current", { method: "PUT", body: { projectId } });

let owner: Person;
let editor: Person;
let viewer: Person;
let stranger: Person;
let shared: Project;

beforeAll(async () => {
  [owner, editor, viewer, stranger] = (await Promise.all(["owner", "editor", "viewer", "stranger"].map((name) => signedInClient(name)))) as [
    Person,
    Person,
    Person,
    Person,
  ];
  shared = await newProject(owner.client, "Shared Viaduct");
  await join(owner.client, shared.id, editor, "editor");
  await join(owner.client, shared.id, viewer, "viewer");
  await expectJson(await addRow(owner.client, shared.id, "pier", { Parameter: "PierHeight", Item1: "12.4", Item2: "13.1" }), 201);
});

describe("projects", () => {
  it("a new account starts with one project of its own, current, its tables empty", async () => {
    const fresh = await signedInClient("fresh");
    expect(await list(fresh.client)).toEqual([expect.objectContaining({ name: "My first project", role: "owner" })]);
    const { project: now } = await expectJson<{ project: Project }>(await fresh.client.get(current.GET, "/api/projects/current"), 200);
    expect(now.id).toBe(fresh.projectId);
    expect((await tableRows(fresh.client, fresh.projectId, "pier")).data).toEqual([]);
  });

  it("lists each project once with the caller's role, and creates one that becomes current", async () => {
    const names = (await list(viewer.client)).map((x) => [x.name, x.role]);
    expect(names).toEqual(
      expect.arrayContaining([
        ["Shared Viaduct", "viewer"],
        ["My first project", "owner"],
      ]),
    );
    const made = await newProject(editor.client, "Harbour Bridge");
    expect(made).toMatchObject({ name: "Harbour Bridge", role: "owner" });
    const { project: now } = await expectJson<{ project: Project }>(await editor.client.get(current.GET, "/api/projects/current"), 200);
    expect(now.id).toBe(made.id);
    await expectJson(await setCurrent(editor.client, shared.id), 200);
  });

  it("refuses an empty or too long name (400) and a name the user already has (409), case-insensitively", async () => {
    for (const name of ["", "   ", "x".repeat(121), 42]) expect((await expectJson(await create(owner.client, { name }), 400)).error).toMatch(/"name"/);
    expect((await expectJson(await create(owner.client, { name: "shared viaduct" }), 409)).error).toMatch(/already have a project named/);
    // Another user may use the same name for their own project.
    await newProject(stranger.client, "Shared Viaduct");
  });

  it("copies another project's tables (rows and columns, not members or pushes) with copyFrom", async () => {
    const copy = await newProject(viewer.client, "Viaduct option B", shared.id);
    const copied = await tableRows(viewer.client, copy.id, "pier");
    expect(copied.data).toEqual([expect.objectContaining({ Parameter: "PierHeight", Item1: "12.4", Item2: "13.1", Version: 1 })]);
    expect(copied.columns.sort()).toEqual(["Item1", "Item2"]);
    const people = await expectJson<{ members: { email: string }[] }>(
      await viewer.client.get(members.GET, `/api/projects/${copy.id}/members`, p(copy.id)),
      200,
    );
    expect(people.members.map((m) => m.email)).toEqual([viewer.email]);
    // Writing the copy leaves the original alone.
    await expectJson(await addRow(viewer.client, copy.id, "pier", { Parameter: "OnlyInCopy" }), 201);
    expect((await tableRows(owner.client, shared.id, "pier")).data.map((r) => r.Parameter)).not.toContain("OnlyInCopy");
    // Copying needs membership of the source: a stranger learns nothing.
    expect((await expectJson(await create(stranger.client, { name: "Stolen", copyFrom: shared.id }), 404)).error).toMatch(/no such project/i);
  });

  it("answers 404 to a non-member for the project and everything in it, never revealing it exists", async () => {
    const s = stranger.client;
    await expectJson(await s.get(project.GET, `/api/projects/${shared.id}`, p(shared.id)), 404);
    await expectJson(await s.call(project.PATCH, `/api/projects/${shared.id}`, { method: "PATCH", ...p(shared.id), body: { name: "Mine" } }), 404);
    await expectJson(await s.delete(project.DELETE, `/api/projects/${shared.id}`, p(shared.id)), 404);
    await expectJson(await s.get(members.GET, `/api/projects/${shared.id}/members`, p(shared.id)), 404);
    await expectJson(await s.get(rows.GET, `/api/projects/${shared.id}/datasets/pier/rows`, p(shared.id, { ds: "pier" })), 404);
    await expectJson(await addRow(s, shared.id, "pier", { Parameter: "Intruder" }), 404);
    // Even a malformed body is not looked at before membership: 404, not 400.
    await expectJson(await s.post(rows.POST, `/api/projects/${shared.id}/datasets/pier/rows`, { ...p(shared.id, { ds: "pier" }), rawBody: "{" }), 404);
    await expectJson(await s.post(pushes.POST, `/api/projects/${shared.id}/pushes`, { ...p(shared.id), body: { dataset: "pier" } }), 404);
    await expectJson(await setCurrent(s, shared.id), 404);
    const missing = await expectJson(await s.get(project.GET, "/api/projects/999999", p(999999)), 404);
    const forbidden = await expectJson(await s.get(project.GET, `/api/projects/${shared.id}`, p(shared.id)), 404);
    expect(forbidden.error).toBe(missing.error);
  });
});

describe("roles", () => {
  it("viewers read every table, but every write and push is refused with 403 naming the role", async () => {
    const v = viewer.client;
    const { data } = await tableRows(v, shared.id, "pier");
    const id = data[0]!.Id;
    const refusals = [
      await addRow(v, shared.id, "pier", { Parameter: "ByViewer" }),
      await v.call(row.PATCH, `/api/projects/${shared.id}/datasets/pier/rows/${id}`, {
        method: "PATCH",
        ...p(shared.id, { ds: "pier", rowId: String(id) }),
        body: { data: { Item1: "1" } },
      }),
      await v.delete(row.DELETE, `/api/projects/${shared.id}/datasets/pier/rows/${id}`, p(shared.id, { ds: "pier", rowId: String(id) })),
      await v.post(pushes.POST, `/api/projects/${shared.id}/pushes`, { ...p(shared.id), body: { dataset: "pier" } }),
      await v.call(project.PATCH, `/api/projects/${shared.id}`, { method: "PATCH", ...p(shared.id), body: { name: "Renamed" } }),
      await addMember(v, shared.id, stranger.email, "viewer"),
    ];
    for (const response of refusals) {
      const body = await expectJson<{ error: string; role: string }>(response, 403);
      expect(body.error).toMatch(/You are a viewer of "Shared Viaduct"/);
      expect(body.role).toBe("viewer");
    }
    expect((await tableRows(v, shared.id, "pier")).data).toEqual(data);
  });

  it("the spec's routes refuse a viewer whose current project it is, just the same", async () => {
    await expectJson(await setCurrent(viewer.client, shared.id), 200);
    const fetched = await expectJson<{ data: Row[] }>(
      await viewer.client.get(legacyFetchAll.GET, "/api/database/pier/fetch-all", { params: { ds: "pier" } }),
      200,
    );
    expect(fetched.data.map((r) => r.Parameter)).toContain("PierHeight");
    const refused = await viewer.client.post(legacyCreate.POST, "/api/database/pier/create-element", {
      params: { ds: "pier" },
      body: { data: { Parameter: "X" } },
    });
    expect((await expectJson(refused, 403)).error).toMatch(/viewer/);
    const push = await viewer.client.post(legacyPush.POST, "/api/websocket/pier/fetch-all", { params: { ds: "pier" }, body: { user: "x" } });
    expect((await expectJson(push, 403)).error).toMatch(/viewer/);
  });

  it("editors create, edit, delete and push, but cannot rename, delete the project or manage members", async () => {
    const e = editor.client;
    const made = await expectJson<{ data: Row }>(await addRow(e, shared.id, "abt", { Parameter: "BackwallHeight", Item1: "1.9" }), 201);
    const path = `/api/projects/${shared.id}/datasets/abt/rows/${made.data.Id}`;
    const params = p(shared.id, { ds: "abt", rowId: String(made.data.Id) });
    const edited = await expectJson<{ data: Row }>(
      await e.call(row.PATCH, path, { method: "PATCH", ...params, body: { data: { Version: 1, Item1: "2.1" } } }),
      200,
    );
    expect(edited.data).toMatchObject({ Item1: "2.1", Version: 2 });
    const stale = await expectJson<{ data: Row }>(
      await e.call(row.PATCH, path, { method: "PATCH", ...params, body: { data: { Version: 1, Item1: "9" } } }),
      409,
    );
    expect(stale.data).toMatchObject({ Item1: "2.1", Version: 2 });
    // A DELETE carries no body, and so needs no Content-Type.
    await expectJson(await e.call(row.DELETE, path, { method: "DELETE", ...params, rawBody: undefined, contentType: null }), 200);
    await expectJson(await e.call(row.DELETE, path, { method: "DELETE", ...params, contentType: null }), 404);
    for (const response of [
      await e.call(project.PATCH, `/api/projects/${shared.id}`, { method: "PATCH", ...p(shared.id), body: { name: "Editor's" } }),
      await e.delete(project.DELETE, `/api/projects/${shared.id}`, p(shared.id)),
      await addMember(e, shared.id, stranger.email, "viewer"),
      await e.call(memberById.PATCH, "", { method: "PATCH", ...p(shared.id, { userId: String(viewer.userId) }), body: { role: "editor" } }),
      await e.delete(column.DELETE, "", p(shared.id, { ds: "pier", name: "Item2" })),
    ]) {
      expect((await expectJson(response, 403)).error).toMatch(/You are an editor of "Shared Viaduct": only its owners/);
    }
  });

  it("a call with a body must be JSON (415); a row push queues for an absent add-in (202)", async () => {
    await startRelay();
    const e = editor.client;
    await expectJson(await e.post(rows.POST, "", { ...p(shared.id, { ds: "pier" }), rawBody: "data=1", contentType: "text/plain" }), 415);
    const queued = await expectJson<{ status: string; projectId: number }>(
      await e.post(pushes.POST, `/api/projects/${shared.id}/pushes`, { ...p(shared.id), body: { dataset: "pier", parameter: "PierHeight" } }),
      202,
    );
    expect(queued).toMatchObject({ status: "queued", projectId: shared.id });
    const [stored] = await testDb(database).select().from(revitPushes).where(eq(revitPushes.projectId, shared.id));
    expect(stored).toMatchObject({ dataset: "pier", mode: "one", parameter: "PierHeight" });
    const midas = await expectJson(await e.post(pushes.POST, "", { ...p(shared.id), body: { dataset: "midassetup" } }), 400);
    expect(midas.error).toMatch(/Midas table/);
    await expectJson(await e.post(pushes.POST, "", { ...p(shared.id), body: { dataset: "pier", parameter: "NoSuchRow" } }), 404);
  });
});

describe("owners", () => {
  it("invite by e-mail with one answer whether the address has an account or not; the person joins only by accepting (issue 24, items 6 and 10)", async () => {
    const o = owner.client;
    // The stranger has a project of their own named "Shared Viaduct": the owner is told nothing of it, nor whether an address has an account.
    const toStranger = await expectJson<{ invitation: { id: string; email: string; role: string } }>(
      await addMember(o, shared.id, stranger.email, "viewer"),
      201,
    );
    const toNobody = await expectJson<{ invitation: { id: string; email: string; role: string } }>(
      await addMember(o, shared.id, "nobody@example.com", "viewer"),
      201,
    );
    expect(Object.keys(toStranger.invitation).sort()).toEqual(Object.keys(toNobody.invitation).sort());
    expect(toStranger.invitation).toMatchObject({ email: stranger.email, role: "viewer" });
    expect(JSON.stringify(toStranger)).not.toMatch(/Shared Viaduct/);
    expect((await expectJson(await addMember(o, shared.id, viewer.email, "editor"), 409)).error).toMatch(/already a member/);
    await expectJson(await addMember(o, shared.id, "x", "boss"), 400);

    // Not a member until they accept: the project is invisible to them, and not theirs to switch to.
    const newcomer = await signedInClient("newcomer");
    const invited = await expectJson<{ invitation: { id: string } }>(await addMember(o, shared.id, newcomer.email.toUpperCase(), "viewer"), 201);
    await expectJson(await newcomer.client.get(project.GET, "", p(shared.id)), 404);
    await expectJson(await setCurrent(newcomer.client, shared.id), 404);
    expect((await list(newcomer.client)).map((x) => x.id)).not.toContain(shared.id);
    // Invited again with another role: one invitation, renewed.
    const again = await expectJson<{ invitation: { id: string; role: string } }>(await addMember(o, shared.id, newcomer.email, "editor"), 201);
    expect(again.invitation).toMatchObject({ id: invited.invitation.id, role: "editor" });
    const pending = await expectJson<{ invitations: { email: string }[] }>(await o.get(projectInvitations.GET, "", p(shared.id)), 200);
    expect(pending.invitations.map((i) => i.email).sort()).toEqual(["nobody@example.com", newcomer.email, stranger.email].sort());
    // Only owners see or withdraw them.
    await expectJson(await editor.client.get(projectInvitations.GET, "", p(shared.id)), 403);

    // The newcomer sees it on /settings, with who invited them, and accepts.
    const mine = await myInvitations(newcomer.client);
    expect(mine).toEqual([expect.objectContaining({ id: invited.invitation.id, project: { id: shared.id, name: "Shared Viaduct" }, role: "editor" })]);
    expect(mine[0]!.invitedBy?.email).toBe(owner.email);
    // Nobody else can answer it, nor see it.
    expect(await myInvitations(stranger.client)).not.toContainEqual(expect.objectContaining({ id: invited.invitation.id }));
    await expectJson(await acceptInvitation(stranger.client, invited.invitation.id), 404);
    const joined = await expectJson<{ project: Project }>(await acceptInvitation(newcomer.client, invited.invitation.id), 200);
    expect(joined.project).toMatchObject({ id: shared.id, role: "editor" });
    await expectJson(await acceptInvitation(newcomer.client, invited.invitation.id), 404);
    expect((await list(newcomer.client)).map((x) => x.id)).toContain(shared.id);
    // Accepting does not switch the current project of someone who has one.
    const { project: now } = await expectJson<{ project: Project }>(await newcomer.client.get(current.GET, "/api/projects/current"), 200);
    expect(now.id).toBe(newcomer.projectId);

    // The stranger's clash of names is told to the stranger, about their own project, when they accept; declining ends it.
    const strangers = await myInvitations(stranger.client);
    const theirs = strangers.find((i) => i.project.id === shared.id)!;
    expect((await expectJson(await acceptInvitation(stranger.client, theirs.id), 409)).error).toMatch(/You already have a project named "Shared Viaduct"/);
    await expectJson(await stranger.client.post(decline.POST, "", { params: { invitationId: theirs.id } }), 200);
    await expectJson(await stranger.client.get(project.GET, "", p(shared.id)), 404);
    // The owner withdraws the invitation nobody can answer yet.
    await expectJson(await o.delete(invitationById.DELETE, "", p(shared.id, { invitationId: toNobody.invitation.id })), 200);
    await expectJson(await o.delete(invitationById.DELETE, "", p(shared.id, { invitationId: toNobody.invitation.id })), 404);
    expect((await expectJson<{ invitations: unknown[] }>(await o.get(projectInvitations.GET, "", p(shared.id)), 200)).invitations).toEqual([]);

    const changed = await expectJson<{ member: { role: string } }>(
      await o.call(memberById.PATCH, "", { method: "PATCH", ...p(shared.id, { userId: String(newcomer.userId) }), body: { role: "viewer" } }),
      200,
    );
    expect(changed.member.role).toBe("viewer");
    await expectJson(await o.delete(memberById.DELETE, "", p(shared.id, { userId: String(newcomer.userId) })), 200);
    await expectJson(await newcomer.client.get(project.GET, "", p(shared.id)), 404);
    await expectJson(await o.delete(memberById.DELETE, "", p(shared.id, { userId: String(newcomer.userId) })), 404);
  });

  it("a project holds at most MAX_PENDING_INVITATIONS pending invitations (429 naming it); renewing one is not another", async () => {
    const o = owner.client;
    const small = await newProject(o, `Invitations ${Date.now()}`);
    process.env.MAX_PENDING_INVITATIONS = "2";
    resetEnv();
    try {
      await expectJson(await addMember(o, small.id, "one@example.com", "viewer"), 201);
      await expectJson(await addMember(o, small.id, "two@example.com", "viewer"), 201);
      await expectJson(await addMember(o, small.id, "two@example.com", "editor"), 201);
      const refused = await expectJson<{ error: string; limit: number }>(await addMember(o, small.id, "three@example.com", "viewer"), 429);
      expect(refused.error).toMatch(/MAX_PENDING_INVITATIONS/);
      expect(refused.limit).toBe(2);
    } finally {
      delete process.env.MAX_PENDING_INVITATIONS;
      resetEnv();
    }
  });

  it("an invitation waits for an address that has no account yet, and expires unanswered", async () => {
    const o = owner.client;
    const email = `later-${Date.now()}@example.com`;
    await expectJson(await addMember(o, shared.id, email, "viewer"), 201);
    const later = await signedInClient("later", email);
    expect((await myInvitations(later.client)).map((i) => i.project.id)).toEqual([shared.id]);
    await testDb(database)
      .update(projectInvitationsTable)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(projectInvitationsTable.email, email));
    expect(await myInvitations(later.client)).toEqual([]);
    expect((await expectJson<{ invitations: unknown[] }>(await o.get(projectInvitations.GET, "", p(shared.id)), 200)).invitations).toEqual([]);
  });

  it("a project always keeps at least one owner (409), and any member may leave", async () => {
    const o = owner.client;
    const demote = () => o.call(memberById.PATCH, "", { method: "PATCH", ...p(shared.id, { userId: String(owner.userId) }), body: { role: "editor" } });
    expect((await expectJson(await demote(), 409)).error).toMatch(/at least one owner/);
    expect((await expectJson(await o.delete(memberById.DELETE, "", p(shared.id, { userId: String(owner.userId) })), 409)).error).toMatch(/at least one owner/);
    // With a second owner, the first may step down.
    await expectJson(await o.call(memberById.PATCH, "", { method: "PATCH", ...p(shared.id, { userId: String(editor.userId) }), body: { role: "owner" } }), 200);
    await expectJson(await demote(), 200);
    await expectJson(
      await editor.client.call(memberById.PATCH, "", { method: "PATCH", ...p(shared.id, { userId: String(owner.userId) }), body: { role: "owner" } }),
      200,
    );
    await expectJson(
      await o.call(memberById.PATCH, "", { method: "PATCH", ...p(shared.id, { userId: String(editor.userId) }), body: { role: "editor" } }),
      200,
    );
    // A member who leaves loses the project (and it stops being their current one).
    const leaver = await signedInClient("leaver");
    await join(o, shared.id, leaver, "viewer");
    await expectJson(await setCurrent(leaver.client, shared.id), 200);
    await expectJson(await leaver.client.delete(memberById.DELETE, "", p(shared.id, { userId: String(leaver.userId) })), 200);
    expect((await expectJson(await leaver.client.get(current.GET, "/api/projects/current"), 404)).error).toBe("No current project");
  });

  it("rename (409 on a name a member already has) and delete the project with its tables", async () => {
    const o = owner.client;
    const doomed = await newProject(o, "Temporary Works");
    await expectJson(await addRow(o, doomed.id, "box", { Parameter: "SpanLength", Item1: "40" }), 201);
    await join(o, doomed.id, viewer, "viewer");
    // The viewer already has a project named "Viaduct option B".
    const clash = await o.call(project.PATCH, "", { method: "PATCH", ...p(doomed.id), body: { name: "Viaduct Option B" } });
    expect((await expectJson(clash, 409)).error).toMatch(new RegExp(viewer.email.replace(/\./g, "\\.")));
    const renamed = await expectJson<{ project: Project }>(
      await o.call(project.PATCH, "", { method: "PATCH", ...p(doomed.id), body: { name: "  Falsework  " } }),
      200,
    );
    expect(renamed.project.name).toBe("Falsework");
    await expectJson(await o.delete(project.DELETE, "", p(doomed.id)), 200);
    await expectJson(await o.get(project.GET, "", p(doomed.id)), 404);
    await expectJson(await o.get(rows.GET, "", p(doomed.id, { ds: "box" })), 404);
    expect((await list(viewer.client)).map((x) => x.name)).not.toContain("Falsework");
  });

  it("remove a column only when it is empty in every row (409 naming the rows otherwise)", async () => {
    const o = owner.client;
    await expectJson(await addRow(o, shared.id, "box", { Parameter: "DeckWidth", Item1: "12.8", Item7: "" }), 201);
    await expectJson(await addRow(o, shared.id, "box", { Parameter: "SpanCount", Item1: "3", Item7: "" }), 201);
    const full = await expectJson(await o.delete(column.DELETE, "", p(shared.id, { ds: "box", name: "Item1" })), 409);
    expect(full.error).toMatch(/DeckWidth, SpanCount/);
    await expectJson(await o.delete(column.DELETE, "", p(shared.id, { ds: "box", name: "Item7" })), 200);
    const table = await tableRows(o, shared.id, "box");
    expect(table.columns).toEqual(["Item1"]);
    for (const r of table.data) expect(r).not.toHaveProperty("Item7");
    await expectJson(await o.delete(column.DELETE, "", p(shared.id, { ds: "box", name: "Item7" })), 404);
    // A name no column can have names none (the fuzz found a NUL answered 500).
    for (const name of ["\u0000", "Item 1", "1Item"]) await expectJson(await o.delete(column.DELETE, "", p(shared.id, { ds: "box", name })), 404);
  });
});

describe("the current project", () => {
  it("is what the spec's routes act on; each project keeps its own rows", async () => {
    const me = await signedInClient("switcher");
    const second = await newProject(me.client, "Second bridge");
    await expectJson(await setCurrent(me.client, me.projectId), 200);
    await expectJson(await me.client.post(legacyCreate.POST, "", { params: { ds: "coresetup" }, body: { data: { Parameter: "InFirst" } } }), 201);
    await expectJson(await setCurrent(me.client, second.id), 200);
    await expectJson(await me.client.post(legacyCreate.POST, "", { params: { ds: "coresetup" }, body: { data: { Parameter: "InSecond" } } }), 201);
    const names = async () =>
      (await expectJson<{ data: Row[] }>(await me.client.get(legacyFetchAll.GET, "", { params: { ds: "coresetup" } }), 200)).data.map((r) => r.Parameter);
    expect(await names()).toEqual(["InSecond"]);
    await expectJson(await setCurrent(me.client, me.projectId), 200);
    expect(await names()).toEqual(["InFirst"]);
    expect((await tableRows(me.client, second.id, "coresetup")).data.map((r) => r.Parameter)).toEqual(["InSecond"]);
  });

  it("when there is none, the spec's routes answer 404 'No current project'", async () => {
    const loner = await signedInClient("loner");
    await expectJson(await loner.client.delete(project.DELETE, "", p(loner.projectId)), 200);
    expect((await expectJson(await loner.client.get(current.GET, "/api/projects/current"), 404)).error).toBe("No current project");
    expect((await expectJson(await loner.client.get(legacyFetchAll.GET, "", { params: { ds: "pier" } }), 404)).error).toBe("No current project");
    expect(await list(loner.client)).toEqual([]);
    await expectJson(await setCurrent(loner.client, 0), 400);
  });
});

describe("the size budget of a table", () => {
  beforeAll(() => {
    process.env.TABLE_MAX_BYTES = String(1024 * 1024);
    resetEnv();
  });
  afterAll(() => {
    delete process.env.TABLE_MAX_BYTES;
    resetEnv();
  });

  it("refuses a write that would take a table past TABLE_MAX_BYTES with 413 and the figure, and writes nothing", async () => {
    const me = await signedInClient("budget");
    const big = (name: string): Row => {
      const data: Row = { Parameter: name };
      for (let i = 1; i <= 250; i++) data[`Item${i}`] = "x".repeat(2000);
      return data;
    };
    await expectJson(await addRow(me.client, me.projectId, "box", big("Big1")), 201);
    await expectJson(await addRow(me.client, me.projectId, "box", big("Big2")), 201);
    const refused = await expectJson<{ error: string; bytes: number; limit: number }>(await addRow(me.client, me.projectId, "box", big("Big3")), 413);
    expect(refused.error).toMatch(/would hold 1\.4 MiB, over its limit of 1 MiB \(TABLE_MAX_BYTES\)/);
    expect(refused.limit).toBe(1024 * 1024);
    expect((await tableRows(me.client, me.projectId, "box")).data.map((r) => r.Parameter)).toEqual(["Big1", "Big2"]);
    // Editing a row to make it larger is refused the same way; making it smaller always passes.
    const [first] = (await tableRows(me.client, me.projectId, "box")).data;
    const grow = await me.client.call(row.PATCH, "", {
      method: "PATCH",
      ...p(me.projectId, { ds: "box", rowId: String(first!.Id) }),
      body: { data: Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`Extra${i}`, "y".repeat(2000)])) },
    });
    await expectJson(grow, 413);
    await expectJson(
      await me.client.call(row.PATCH, "", { method: "PATCH", ...p(me.projectId, { ds: "box", rowId: String(first!.Id) }), body: { data: { Item1: "" } } }),
      200,
    );
    // Another table of the same project has its own budget.
    await expectJson(await addRow(me.client, me.projectId, "pier", big("Big1")), 201);
  });
});

it("an anonymous caller gets 401 on every projects route", async () => {
  const anonymous = new TestClient();
  await expectJson(await anonymous.get(projects.GET, "/api/projects"), 401);
  await expectJson(await create(anonymous, { name: "x" }), 401);
  await expectJson(await anonymous.get(current.GET, "/api/projects/current"), 401);
  await expectJson(await anonymous.get(rows.GET, "", p(shared.id, { ds: "pier" })), 401);
});
