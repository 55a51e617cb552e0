import type { Metadata } from "next";
import { DatasetPage, type SearchParams } from "@/components/datasets/dataset-page";
import { datasets } from "@/lib/datasets/registry";

export const metadata: Metadata = { title: datasets.coresetup.title };

export default function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return <DatasetPage dataset="coresetup" searchParams={searchParams} />;
}
