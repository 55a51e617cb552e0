import { listTokens } from "@/db/queries/revit";
import { route } from "@/lib/http/route";
import { relayEndpoints } from "@/lib/relay/endpoints";
import { createToken } from "@/lib/relay/service";

export const GET = route(relayEndpoints.tokens, async ({ auth }) => ({
  tokens: (await listTokens(auth.user.id)).map((t) => ({ ...t, createdAt: t.createdAt.toISOString(), lastUsedAt: t.lastUsedAt?.toISOString() ?? null })),
}));

export const POST = route(relayEndpoints.createToken, ({ auth, body }) => createToken(auth.user.id, body.name));
