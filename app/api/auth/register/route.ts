import { REGISTERED_MESSAGE, registerAccount } from "@/lib/auth/accounts";
import { registerSchema } from "@/lib/auth/schemas";
import { clientAddress, route } from "@/lib/http/route";
import { createFirstProject } from "@/lib/projects/service";

export const POST = route({ auth: false, body: registerSchema }, async ({ body, request }) => {
  // A new engineer starts with a project of their own ("My first project", current, its tables empty).
  await registerAccount(body, clientAddress(request), (user) => createFirstProject(user.id));
  return Response.json({ message: REGISTERED_MESSAGE }, { status: 201 });
});
