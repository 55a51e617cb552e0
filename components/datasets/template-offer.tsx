import { LayoutTemplateIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DisabledReason } from "@/components/ui/disabled-reason";
import type { DatasetInfo } from "@/lib/datasets/registry";

/** An empty table's way in (issue 30): its template's Parameters, kinds and units, and one Item column, in one click. */
export function TemplateOffer({
  dataset,
  readOnly,
  busy,
  onStart,
}: {
  dataset: Pick<DatasetInfo, "template">;
  readOnly: string | null;
  busy: boolean;
  onStart: () => void;
}) {
  return (
    <>
      <DisabledReason reason={readOnly}>
        <Button onClick={onStart} disabled={busy || readOnly !== null}>
          <LayoutTemplateIcon aria-hidden="true" />
          Start from the {dataset.template} template
        </Button>
      </DisabledReason>
      <span className="max-w-sm text-xs">Its Parameters with their kinds and units, and one Item column to fill in.</span>
    </>
  );
}
