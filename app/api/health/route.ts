import { route } from "@/lib/http/route";
import { opsEndpoints } from "@/lib/ops/endpoints";

/** Liveness: the process is up and answering. */
export const GET = route(opsEndpoints.health, () => ({ status: "ok" }) as const);
