import { registerAccount } from "@/lib/auth/accounts";
import { registerSchema } from "@/lib/auth/schemas";
import { route } from "@/lib/http/route";

export const POST = route({ auth: false, body: registerSchema }, async ({ body }) => {
  const user = await registerAccount(body);
  return Response.json({ user }, { status: 201 });
});
