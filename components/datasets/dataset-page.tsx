import type { ReactNode } from "react";
import { NoProject } from "@/components/projects/no-project";
import { requireUser } from "@/lib/auth/current-user";
import { firstScreen } from "@/lib/datasets/first-screen";
import { tableOf } from "@/lib/datasets/service";
import { type DatasetKey, datasets } from "@/lib/datasets/registry";
import type { SearchParams } from "@/lib/navigation";
import { tableSnapshot } from "@/lib/datasets/snapshot";
import { pageProjects } from "@/lib/projects/page";
import { DatasetScreen } from "./dataset-screen";
import { preloadScreenRows } from "./preload-rows";

/**
 * The server side of a data screen: signed-in users only; the table of the
 * current project (a `?project=` link shows that one, without making it current), or an
 * explanation of projects when the user has none.
 */
export async function DatasetPage({ dataset, searchParams, extra }: { dataset: DatasetKey; searchParams?: Promise<SearchParams>; extra?: ReactNode }) {
  const info = datasets[dataset];
  const query = (await searchParams) ?? {};
  const page = await pageProjects();
  if (!page) {
    const project = typeof query.project === "string" ? `?project=${encodeURIComponent(query.project)}` : "";
    await requireUser(`${info.route}${project}`);
    return null;
  }
  if (!page.current) return <NoProject title={info.title} projects={page.projects} />;
  // On a navigation within the app, the hint arrives with the page's data, ahead of the screen's script (the first load gets it from the root layout).
  preloadScreenRows(page.current.id, dataset);
  // The first screenful goes into the page itself (the table's snapshot is cached per revision).
  const screen = firstScreen(await tableSnapshot(tableOf(page.current, dataset)), dataset);
  const filter = typeof query.filter === "string" ? query.filter : undefined;
  return (
    <DatasetScreen
      key={`${page.current.id}:${dataset}`}
      dataset={info}
      project={page.current}
      userId={page.user.id}
      initialFilter={filter}
      extra={extra}
      firstScreen={screen}
    />
  );
}
