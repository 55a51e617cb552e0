import { route } from "@/lib/http/route";
import { relayEndpoints } from "@/lib/relay/endpoints";
import { revokeUserToken } from "@/lib/relay/service";

export const DELETE = route(relayEndpoints.revokeToken, async ({ auth, params }) => {
  await revokeUserToken(auth.user.id, params.id);
  return { ok: true } as const;
});
