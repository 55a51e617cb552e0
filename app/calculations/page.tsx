import type { Metadata } from "next";
import { ToolPage } from "@/components/layout/tool-page";
import { findTool } from "@/lib/navigation";

const tool = findTool("/calculations")!;

export const metadata: Metadata = { title: tool.label };

export default function CalculationPage() {
  return <ToolPage title={tool.label} description={tool.description} />;
}
