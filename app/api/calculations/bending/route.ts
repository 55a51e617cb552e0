import { bendingStrength } from "@/lib/calculations/bending";
import { bendingSchema } from "@/lib/calculations/schemas";
import { route } from "@/lib/http/route";

// A pure calculation: no session needed, but the same Origin and JSON rules as every other POST.
export const POST = route({ auth: false, body: bendingSchema }, ({ body }) => Response.json(bendingStrength(body)));
