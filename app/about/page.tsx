import type { Metadata } from "next";
import { PageHeading } from "@/components/layout/tool-page";

export const metadata: Metadata = { title: "About" };

export default function AboutPage() {
  return (
    <PageHeading title="About">
      <p>
        Pontifex is an engineering model interface for bridge engineers. It keeps the parameter tables that drive the Revit bridge models (piers, abutments, box
        girders and the core setup), lets engineers edit them like a spreadsheet, and pushes them to the Revit add-in on their workstation.
      </p>
      <p>Around the tables sit design calculations to AS 3600 and, later, links to the MIDAS Civil analysis model.</p>
    </PageHeading>
  );
}
