import "server-only";
import { personName } from "@/lib/auth/session";
import { sheetHeaderFrom } from "@/lib/calculations/links";
import type { SearchParams } from "@/lib/navigation";
import { pageProjects } from "@/lib/projects/page";
import { SheetHeaderProvider } from "./calc-sheet";

/**
 * A calculator page's sheet header: what its link gives, else the signed-in engineer's name and current project (blank
 * for a visitor signed out). The calculators read it from the context, so none of them passes it on.
 */
export async function WithSheetHeader({ params, children }: { params: SearchParams; children: React.ReactNode }) {
  const page = await pageProjects();
  const defaults = page ? { by: personName(page.user), ...(page.current ? { project: page.current.name } : {}) } : {};
  return (
    <SheetHeaderProvider given={sheetHeaderFrom(params)} defaults={defaults}>
      {children}
    </SheetHeaderProvider>
  );
}
