import { bendingStrength } from "@/lib/calculations/bending";
import { calculationsEndpoints } from "@/lib/calculations/endpoints";
import { route } from "@/lib/http/route";

// A pure calculation: no session needed, but the same Origin and JSON rules as every other POST.
export const POST = route(calculationsEndpoints.bending, ({ body }) => bendingStrength(body));
