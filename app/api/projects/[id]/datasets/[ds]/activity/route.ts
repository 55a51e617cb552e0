import type { datasetsApi } from "@/lib/datasets/api";
import { activityQuery, tableParams } from "@/lib/datasets/schemas";
import { activity, tableOf } from "@/lib/datasets/service";
import { DomainError } from "@/lib/errors";
import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";

export const GET = route({ params: tableParams, project: { from: "param", need: "read" } }, async ({ params, project, request }) => {
  const query = activityQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw new DomainError("invalid", "Invalid query: user and before are whole numbers, parameter is text.");
  const events = await activity(tableOf(project, params.ds), { userId: query.data.user, parameter: query.data.parameter, before: query.data.before });
  return Response.json({ events } satisfies ResponseOf<typeof datasetsApi.activity>);
});
