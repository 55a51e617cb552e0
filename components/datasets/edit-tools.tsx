import { ClipboardPasteIcon, CopyIcon, SaveIcon, XIcon } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { Draft } from "@/lib/datasets/draft";

/** The bar above the grid while a row is edited: the spec's Copy and Paste tools, Save and Exit. */
export function EditTools({
  editing,
  busy,
  onCopy,
  onPaste,
  onSave,
  onExit,
}: {
  editing: Draft;
  busy: boolean;
  onCopy: () => void;
  onPaste: () => void;
  onSave: () => void;
  onExit: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2" role="region" aria-label="Edit tools">
      <span className="mr-auto text-sm">
        Editing <strong>{editing.storedParameter}</strong>
        {editing.angle && <span className="text-muted-foreground"> (angles in degrees)</span>}
      </span>
      <Button size="sm" variant="outline" onClick={onCopy} disabled={busy}>
        <CopyIcon aria-hidden="true" />
        Copy to N Number Cells
      </Button>
      <Button size="sm" variant="outline" onClick={onPaste} disabled={busy}>
        <ClipboardPasteIcon aria-hidden="true" />
        Paste Excel Data
      </Button>
      <Button size="sm" onClick={onSave} disabled={busy}>
        <SaveIcon aria-hidden="true" />
        Save
      </Button>
      <Button size="sm" variant="ghost" onClick={onExit} disabled={busy}>
        <XIcon aria-hidden="true" />
        Exit
      </Button>
    </div>
  );
}

/** The newer values someone else saved in the edited row; the edits stay. */
export function ConflictAlert({ conflicts }: { conflicts: Map<string, string> }) {
  return (
    <Alert variant="destructive" data-testid="conflict-alert">
      <AlertTitle>Someone else saved this row while you were editing</AlertTitle>
      <AlertDescription>
        <p>Newer values (your edits are kept; Save overwrites these, Exit keeps them):</p>
        <ul className="list-inside list-disc">
          {[...conflicts].slice(0, 12).map(([column, value]) => (
            <li key={column}>
              {column}: {value === "" ? "(empty)" : value}
            </li>
          ))}
          {conflicts.size > 12 && <li>and {conflicts.size - 12} more</li>}
        </ul>
      </AlertDescription>
    </Alert>
  );
}
