import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { PushSummary } from "@/lib/revit/summary";

/** How the add-in applied the latest push, row by row; kept until the next push or dismissed. */
export function PushOutcome({ outcome, onDismiss }: { outcome: PushSummary; onDismiss: () => void }) {
  const failed = outcome.errors.length;
  const applied = Math.max(0, outcome.rows - failed);
  return (
    <Alert variant={failed ? "destructive" : "default"} data-testid="push-outcome">
      <AlertTitle>
        {failed === 0
          ? `Revit applied all ${outcome.rows} row${outcome.rows === 1 ? "" : "s"} of the push`
          : `Revit applied ${applied} of ${outcome.rows} rows; ${failed} failed`}
      </AlertTitle>
      <AlertDescription>
        {failed > 0 && (
          <ul className="list-inside list-disc">
            {outcome.errors.slice(0, 12).map((e, i) => (
              <li key={i}>
                {e.parameter ?? `row ${e.id}`}: {e.message}
              </li>
            ))}
            {failed > 12 && <li>and {failed - 12} more</li>}
          </ul>
        )}
        <Button size="sm" variant="ghost" className="mt-1 w-fit px-2" onClick={onDismiss}>
          Dismiss
        </Button>
      </AlertDescription>
    </Alert>
  );
}
