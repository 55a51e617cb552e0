import { route } from "@/lib/http/route";
import { revitEndpoints } from "@/lib/revit/endpoints";
import { revokeUserToken } from "@/lib/revit/service";

export const DELETE = route(revitEndpoints.revokeToken, async ({ auth, params }) => {
  await revokeUserToken(auth.user.id, params.id);
  return { ok: true } as const;
});
