import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";
import { openApiDocument } from "@/lib/openapi/document";
import type { opsApi } from "@/lib/ops/api";

export const GET = route({ auth: false }, () =>
  Response.json(openApiDocument() satisfies ResponseOf<typeof opsApi.openapi>, { headers: { "Cache-Control": "public, max-age=300" } }),
);
