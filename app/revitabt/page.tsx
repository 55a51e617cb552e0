import type { Metadata } from "next";
import { DatasetPage } from "@/components/datasets/dataset-page";
import { datasets } from "@/lib/datasets/registry";

export const metadata: Metadata = { title: datasets.abt.title };

export default function Page({ searchParams }: PageProps<"/revitabt">) {
  return <DatasetPage dataset="abt" searchParams={searchParams} />;
}
