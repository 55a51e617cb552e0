import { datasetSnapshot, fetchRowTextByParameter } from "@/db/queries/parameters";
import { insertToken, listTokens, revokeToken } from "@/db/queries/revit";
import { hashToken, newToken } from "@/lib/auth/tokens";
import type { DatasetKey } from "@/lib/datasets/registry";
import { ApiError } from "@/lib/http/route";
import { isStorableText } from "@/lib/validation";
import { getRelay } from "./registry";
import type { PushOutcome } from "./relay";

export const MAX_TOKENS_PER_USER = 50;

function relay() {
  const current = getRelay();
  if (!current) throw new ApiError(503, "The Revit relay is not running on this server. Try again shortly.");
  return current;
}

/** The whole table, as it is now, to the user's add-ins. */
export async function pushDataset(userId: number, dataset: DatasetKey): Promise<PushOutcome> {
  const { rows } = await datasetSnapshot(dataset);
  return relay().createPush({ userId, dataset, mode: "all", parameter: null, rows });
}

/** One row, found by its Parameter, to the user's add-ins. */
export async function pushRow(userId: number, dataset: DatasetKey, parameter: string): Promise<PushOutcome> {
  // A name Postgres could not even compare is a name no row has.
  const row = isStorableText(parameter) ? await fetchRowTextByParameter(dataset, parameter) : undefined;
  if (row === undefined) throw new ApiError(404, `There is no row with Parameter "${parameter}" in this table.`);
  return relay().createPush({ userId, dataset, mode: "one", parameter, rows: [row] });
}

/** A new add-in token: the token itself is only in this answer, the database keeps its hash. */
export async function createToken(userId: number, name: string) {
  if ((await listTokens(userId)).length >= MAX_TOKENS_PER_USER) {
    throw new ApiError(409, `You have ${MAX_TOKENS_PER_USER} tokens already; revoke one you no longer use first.`);
  }
  const token = newToken("pfx_");
  const created = await insertToken({ userId, name, tokenHash: hashToken(token) });
  return { id: created.id, name: created.name, token, createdAt: created.createdAt.toISOString() };
}

export async function revokeUserToken(userId: number, idParam: string): Promise<void> {
  const id = /^\d{1,9}$/.test(idParam) ? Number(idParam) : Number.NaN;
  if (!Number.isFinite(id) || !(await revokeToken(userId, id))) throw new ApiError(404, "No such token (it may be revoked already).");
  await getRelay()?.tokenRevoked(id);
}
