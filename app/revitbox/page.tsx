import type { Metadata } from "next";
import { DatasetPage } from "@/components/datasets/dataset-page";
import { datasets } from "@/lib/datasets/registry";

export const metadata: Metadata = { title: datasets.box.title };

export default function Page({ searchParams }: PageProps<"/revitbox">) {
  return <DatasetPage dataset="box" searchParams={searchParams} />;
}
