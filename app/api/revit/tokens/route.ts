import { listTokens } from "@/db/queries/revit";
import { route } from "@/lib/http/route";
import { revitEndpoints } from "@/lib/revit/endpoints";
import { createToken } from "@/lib/revit/service";

export const GET = route(revitEndpoints.tokens, async ({ auth }) => ({
  tokens: (await listTokens(auth.user.id)).map((t) => ({ ...t, createdAt: t.createdAt.toISOString(), lastUsedAt: t.lastUsedAt?.toISOString() ?? null })),
}));

export const POST = route(revitEndpoints.createToken, ({ auth, body }) => createToken(auth.user.id, body.name));
