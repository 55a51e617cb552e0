import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ToolPage } from "@/components/layout/tool-page";
import { findTool, midasSlugs } from "@/lib/navigation";

// Only the tools of the menu exist; anything else under /midas is a real 404.
export const dynamicParams = false;

export function generateStaticParams() {
  return midasSlugs().map((tool) => ({ tool }));
}

export async function generateMetadata({ params }: PageProps<"/midas/[tool]">): Promise<Metadata> {
  const { tool } = await params;
  return { title: findTool(`/midas/${tool}`)?.label };
}

export default async function MidasToolPage({ params }: PageProps<"/midas/[tool]">) {
  const { tool } = await params;
  const entry = findTool(`/midas/${tool}`);
  if (!entry) notFound();
  return <ToolPage title={entry.label} description={entry.description} />;
}
