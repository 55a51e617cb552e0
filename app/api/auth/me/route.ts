import { route } from "@/lib/http/route";

export const GET = route({}, ({ auth }) => Response.json({ user: auth.user }));
