import { route } from "@/lib/http/route";
import { openApiDocument } from "@/lib/openapi/document";

export const GET = route({ auth: false }, () => Response.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } }));
