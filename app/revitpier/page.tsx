import type { Metadata } from "next";
import { ToolPage } from "@/components/layout/tool-page";
import { requireUser } from "@/lib/auth/current-user";
import { datasets } from "@/lib/datasets/registry";

const dataset = datasets.pier;

export const metadata: Metadata = { title: dataset.title };

export default async function DatasetPage() {
  await requireUser(dataset.route);
  return <ToolPage title={dataset.title} description="Parameter table" />;
}
