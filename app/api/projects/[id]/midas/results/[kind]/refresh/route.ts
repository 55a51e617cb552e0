import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";
import { refreshProjectResults } from "@/lib/midas/analysis";
import type { midasApi } from "@/lib/midas/api";
import { resultParams } from "@/lib/midas/schemas";

/** Reads a kind's results again from MIDAS through the caller's connection: a write, so editors and owners only. */
export const POST = route({ params: resultParams, project: { from: "param", need: "write" } }, async ({ auth, params, project }) =>
  Response.json((await refreshProjectResults(auth.user.id, project, params.kind)) satisfies ResponseOf<typeof midasApi.refreshResults>),
);
