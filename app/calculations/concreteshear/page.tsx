import type { Metadata } from "next";
import { ShearCalculator } from "@/components/calculations/shear-calculator";
import { findTool } from "@/lib/navigation";

const tool = findTool("/calculations/concreteshear")!;

export const metadata: Metadata = { title: tool.label, description: tool.description };

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <ShearCalculator params={await searchParams} />;
}
