import { route } from "@/lib/http/route";
import { forgetConnection, getConnection, saveConnection } from "@/lib/midas/connection";
import { midasEndpoints } from "@/lib/midas/endpoints";

export const GET = route(midasEndpoints.connection, ({ auth }) => getConnection(auth.user.id));

export const PUT = route(midasEndpoints.saveConnection, ({ auth, body }) => saveConnection(auth.user.id, body));

export const DELETE = route(midasEndpoints.forgetConnection, async ({ auth }) => {
  await forgetConnection(auth.user.id);
  return { ok: true } as const;
});
