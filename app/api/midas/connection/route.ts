import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";
import type { midasApi } from "@/lib/midas/api";
import { forgetConnection, getConnection, saveConnection } from "@/lib/midas/connection";
import { connectionBodySchema } from "@/lib/midas/schemas";

export const GET = route({}, async ({ auth }) => Response.json((await getConnection(auth.user.id)) satisfies ResponseOf<typeof midasApi.connection>));

export const PUT = route({ body: connectionBodySchema }, async ({ auth, body }) =>
  Response.json((await saveConnection(auth.user.id, body)) satisfies ResponseOf<typeof midasApi.saveConnection>),
);

export const DELETE = route({}, async ({ auth }) => {
  await forgetConnection(auth.user.id);
  return Response.json({ ok: true } satisfies ResponseOf<typeof midasApi.forgetConnection>);
});
