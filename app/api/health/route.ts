import { route } from "@/lib/http/route";

/** Liveness: the process is up and answering. */
export const GET = route({ auth: false }, () => Response.json({ status: "ok" }));
