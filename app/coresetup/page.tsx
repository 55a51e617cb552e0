import type { Metadata } from "next";
import { DatasetPage } from "@/components/datasets/dataset-page";
import { datasets } from "@/lib/datasets/registry";

export const metadata: Metadata = { title: datasets.coresetup.title };

export default function Page({ searchParams }: PageProps<"/coresetup">) {
  return <DatasetPage dataset="coresetup" searchParams={searchParams} />;
}
