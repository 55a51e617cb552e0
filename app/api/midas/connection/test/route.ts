import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";
import type { midasApi } from "@/lib/midas/api";
import { testConnection } from "@/lib/midas/connection";

export const POST = route({}, async ({ auth }) => Response.json((await testConnection(auth.user.id)) satisfies ResponseOf<typeof midasApi.testConnection>));
