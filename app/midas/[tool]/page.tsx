import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { DatasetPage } from "@/components/datasets/dataset-page";
import { ToolPage } from "@/components/layout/tool-page";
import { FillFromRevit } from "@/components/midas/fill-from-revit";
import { MidasResultsPage } from "@/components/midas/results/results-page";
import type { ResultKind } from "@/lib/midas/results";
import { isMidasDatasetKey } from "@/lib/midas/tables";
import { findTool, midasSlugs } from "@/lib/navigation";
import { pageProjects } from "@/lib/projects/page";

// Only the tools of the menu exist; anything else under /midas is a real 404.
export const dynamicParams = false;

export function generateStaticParams() {
  return midasSlugs().map((tool) => ({ tool }));
}

export async function generateMetadata({ params }: { params: Promise<{ tool: string }> }): Promise<Metadata> {
  const { tool } = await params;
  return { title: findTool(`/midas/${tool}`)?.label };
}

/** The four result pages of Midas Control and the kind each shows. */
const RESULT_PAGES: Record<string, ResultKind> = {
  midasresultreaction: "reaction",
  midasresultbearing: "bearing",
  midasresultgirder: "girder",
  midasresultpile: "pile",
};

/** The nine Midas DB tables are parameter tables like the Revit ones: the same screen. */
export default async function MidasToolPage({ params, searchParams }: PageProps<"/midas/[tool]">) {
  const { tool } = await params;
  if (isMidasDatasetKey(tool)) {
    // Model Setup has "Fill from Revit tables" above its grid (the page's project is the grid's: one lookup per request).
    const current = tool === "midassetup" ? (await pageProjects())?.current : null;
    return <DatasetPage dataset={tool} searchParams={searchParams} extra={current ? <FillFromRevit project={current} /> : undefined} />;
  }
  const entry = findTool(`/midas/${tool}`);
  if (!entry) notFound();
  const kind = RESULT_PAGES[tool];
  if (kind) return <MidasResultsPage kind={kind} title={entry.label} path={`/midas/${tool}`} />;
  return <ToolPage title={entry.label} description={entry.description} />;
}
