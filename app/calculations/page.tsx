import type { Metadata } from "next";
import { BendingCalculator } from "@/components/calculations/bending-calculator";
import { findTool } from "@/lib/navigation";

const tool = findTool("/calculations")!;

export const metadata: Metadata = { title: tool.label, description: tool.description };

export default async function Page({ searchParams }: PageProps<"/calculations">) {
  return <BendingCalculator params={await searchParams} />;
}
