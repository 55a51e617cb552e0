import type { Metadata } from "next";
import { PageHeading } from "@/components/layout/tool-page";

export const metadata: Metadata = { title: "Contact" };

export default function ContactPage() {
  return (
    <PageHeading title="Contact">
      <p>Questions, bug reports or ideas for Pontifex: talk to the bridge engineering digital team.</p>
      <p>For access to a project&apos;s parameter tables, ask the project&apos;s lead engineer to share them with you.</p>
    </PageHeading>
  );
}
