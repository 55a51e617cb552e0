import { answer, route } from "@/lib/http/route";
import { openApiDocument } from "@/lib/openapi/document";
import { opsEndpoints } from "@/lib/ops/endpoints";

export const GET = route(opsEndpoints.openapi, () => answer(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } }));
