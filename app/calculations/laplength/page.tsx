import type { Metadata } from "next";
import { LapCalculator } from "@/components/calculations/lap-calculator";
import { WithSheetHeader } from "@/components/calculations/sheet-header-defaults";
import { findTool } from "@/lib/navigation";

const tool = findTool("/calculations/laplength")!;

export const metadata: Metadata = { title: tool.label, description: tool.description };

export default async function Page({ searchParams }: PageProps<"/calculations/laplength">) {
  const params = await searchParams;
  return (
    <WithSheetHeader params={params}>
      <LapCalculator params={params} />
    </WithSheetHeader>
  );
}
