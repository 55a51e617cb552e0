import { authEndpoints } from "@/lib/auth/endpoints";
import { route } from "@/lib/http/route";

export const GET = route(authEndpoints.me, ({ auth }) => ({ user: auth.user }));
