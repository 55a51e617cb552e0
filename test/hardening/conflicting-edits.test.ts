import { expect, it } from "vitest";
import * as create from "@/app/api/database/[ds]/create-element/route";
import * as edit from "@/app/api/database/[ds]/edit-element/route";
import { fetchRowById } from "@/db/queries/rows";
import { useTestDatabase } from "@/test/database";
import { expectJson } from "@/test/http";
import { signedInClient } from "@/test/session";
import { report } from "./report";

useTestDatabase();

const CLIENTS = 50;
const ROUNDS = 20;

type Row = { Id: number; Version: number; Item1: string; Item2: string };

it(`${CLIENTS} clients x ${ROUNDS} rounds on one row: every accepted write is one version step, the rest 409, nothing lost`, async () => {
  const { client, projectId } = await signedInClient("contender");
  const created = await expectJson<{ data: Row }>(
    await client.post(create.POST, "/api/database/pier/create-element", {
      params: { ds: "pier" },
      body: { data: { Parameter: "ContestedRow", Item1: "start", Item2: "untouched" } },
    }),
    201,
  );
  const id = created.data.Id;
  const accepted: { version: number; value: string }[] = [];
  let rejected = 0;
  const started = performance.now();

  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      let seen: Row = created.data;
      for (let r = 0; r < ROUNDS; r++) {
        const value = `client${c}-round${r}`;
        // Each client saves with the Version it last read, as the screen does.
        const response = await client.post(edit.POST, "/api/database/pier/edit-element", {
          params: { ds: "pier" },
          body: { id, data: { Version: seen.Version, Item1: value } },
        });
        const body = (await response.json()) as { data: Row; error?: string };
        if (response.status === 200) {
          expect(body.data.Version).toBe(seen.Version + 1);
          accepted.push({ version: body.data.Version, value });
        } else {
          expect(response.status).toBe(409);
          expect(body.error).toMatch(/Someone else saved this row/);
          rejected++;
        }
        seen = body.data;
      }
    }),
  );
  const elapsedMs = performance.now() - started;

  const versions = accepted.map((a) => a.version).sort((a, b) => a - b);
  expect(versions).toEqual(Array.from({ length: accepted.length }, (_, i) => i + 2));
  expect(accepted.length + rejected).toBe(CLIENTS * ROUNDS);

  // Replaying the accepted writes in version order gives the stored row.
  const replayed = [...accepted].sort((a, b) => a.version - b.version).at(-1)!;
  const final = (await fetchRowById({ projectId, dataset: "pier" }, id))! as unknown as Row;
  expect(final).toMatchObject({ Version: 1 + accepted.length, Item1: replayed.value, Item2: "untouched" });

  report("conflicting-edits", {
    clients: CLIENTS,
    rounds: ROUNDS,
    writes: CLIENTS * ROUNDS,
    accepted: accepted.length,
    rejected409: rejected,
    lostUpdates: 0,
    finalVersion: final.Version,
    elapsedMs,
  });
});
