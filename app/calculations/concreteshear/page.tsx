import type { Metadata } from "next";
import { ShearCalculator } from "@/components/calculations/shear-calculator";
import { findTool } from "@/lib/navigation";

const tool = findTool("/calculations/concreteshear")!;

export const metadata: Metadata = { title: tool.label, description: tool.description };

export default async function Page({ searchParams }: PageProps<"/calculations/concreteshear">) {
  return <ShearCalculator params={await searchParams} />;
}
