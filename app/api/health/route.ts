import { route } from "@/lib/http/route";
import { opsEndpoints } from "@/lib/ops/endpoints";
import { workerSlot } from "@/lib/server/worker-slot";

/**
 * Liveness: the process is up and answering; with several workers, which one (a number no larger than their count:
 * it tells a client which connections share a process, and nothing else).
 */
export const GET = route(opsEndpoints.health, () => {
  const worker = workerSlot();
  return worker ? { status: "ok" as const, worker } : { status: "ok" as const };
});
