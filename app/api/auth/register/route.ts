import { REGISTERED_MESSAGE, registerAccount } from "@/lib/auth/accounts";
import { authEndpoints } from "@/lib/auth/endpoints";
import { clientAddress, route } from "@/lib/http/route";
import { createFirstProject } from "@/lib/projects/service";

export const POST = route(authEndpoints.register, async ({ body, request }) => {
  // A new engineer starts with a project of their own ("My first project", current, its tables empty).
  await registerAccount(body, clientAddress(request), (user) => createFirstProject(user.id));
  return { message: REGISTERED_MESSAGE };
});
