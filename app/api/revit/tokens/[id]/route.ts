import { route } from "@/lib/http/route";
import { tokenParams } from "@/lib/relay/schemas";
import { revokeUserToken } from "@/lib/relay/service";

export const DELETE = route({ params: tokenParams }, async ({ auth, params }) => {
  await revokeUserToken(auth.user.id, params.id);
  return Response.json({ ok: true });
});
