import { route } from "@/lib/http/route";
import { testConnection } from "@/lib/midas/connection";
import { midasEndpoints } from "@/lib/midas/endpoints";

export const POST = route(midasEndpoints.testConnection, ({ auth }) => testConnection(auth.user.id));
