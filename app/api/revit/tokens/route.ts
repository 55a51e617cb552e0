import { listTokens } from "@/db/queries/revit";
import { route } from "@/lib/http/route";
import { createTokenSchema } from "@/lib/relay/schemas";
import { createToken } from "@/lib/relay/service";

export const GET = route({}, async ({ auth }) => Response.json({ tokens: await listTokens(auth.user.id) }));

export const POST = route({ body: createTokenSchema }, async ({ auth, body }) => Response.json(await createToken(auth.user.id, body.name), { status: 201 }));
