import type { Metadata } from "next";
import { ShearCalculator } from "@/components/calculations/shear-calculator";
import { WithSheetHeader } from "@/components/calculations/sheet-header-defaults";
import { findTool } from "@/lib/navigation";

const tool = findTool("/calculations/concreteshear")!;

export const metadata: Metadata = { title: tool.label, description: tool.description };

export default async function Page({ searchParams }: PageProps<"/calculations/concreteshear">) {
  const params = await searchParams;
  return (
    <WithSheetHeader params={params}>
      <ShearCalculator params={params} />
    </WithSheetHeader>
  );
}
