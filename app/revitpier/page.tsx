import type { Metadata } from "next";
import { DatasetPage } from "@/components/datasets/dataset-page";
import { datasets } from "@/lib/datasets/registry";

export const metadata: Metadata = { title: datasets.pier.title };

export default function Page({ searchParams }: PageProps<"/revitpier">) {
  return <DatasetPage dataset="pier" searchParams={searchParams} />;
}
