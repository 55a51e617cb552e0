import type { Metadata } from "next";
import { BendingCalculator } from "@/components/calculations/bending-calculator";
import { WithSheetHeader } from "@/components/calculations/sheet-header-defaults";
import { findTool } from "@/lib/navigation";

const tool = findTool("/calculations")!;

export const metadata: Metadata = { title: tool.label, description: tool.description };

export default async function Page({ searchParams }: PageProps<"/calculations">) {
  const params = await searchParams;
  return (
    <WithSheetHeader params={params}>
      <BendingCalculator params={params} />
    </WithSheetHeader>
  );
}
