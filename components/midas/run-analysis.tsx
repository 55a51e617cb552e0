"use client";

import { PlayIcon, TriangleAlertIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { DisabledReason } from "@/components/ui/disabled-reason";
import { callApi } from "@/lib/http/contract";
import { midasApi } from "@/lib/midas/api";

/**
 * "Run analysis": POST /doc/ANAL in the user's MIDAS through the API, then the
 * results read and stored; shows the run going on and its outcome, and
 * refreshes the page so it shows the new results.
 */
export function RunAnalysis({ projectId, reason, variant = "default" }: { projectId: number; reason: string | null; variant?: "default" | "outline" }) {
  const router = useRouter();
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  async function run() {
    setRunning(true);
    setOutcome(null);
    const answer = await callApi(midasApi.analysis, { params: { id: projectId } });
    setRunning(false);
    if (!answer.ok) {
      setOutcome({ ok: false, message: answer.error });
      return;
    }
    if (answer.data.outcome === "done") {
      setOutcome({ ok: true, message: `The analysis is done: ${answer.data.kinds.length} result tables read from MIDAS.` });
      router.refresh();
    } else {
      setOutcome({ ok: false, message: answer.data.error ?? "The analysis failed." });
    }
  }

  return (
    <div className="grid gap-3 print:hidden" data-testid="run-analysis">
      <div>
        <DisabledReason reason={reason}>
          <Button variant={variant} onClick={() => void run()} disabled={reason !== null || running}>
            <PlayIcon aria-hidden="true" />
            {running ? "Running the analysis..." : "Run analysis"}
          </Button>
        </DisabledReason>
      </div>
      {running && (
        <div className="grid gap-2" role="status" aria-live="polite">
          <p className="text-sm">MIDAS is saving the model, analysing it, then Pontifex reads the reactions, bearing, girder and pile results.</p>
          <Progress aria-label="Analysis going on" />
        </div>
      )}
      {outcome &&
        (outcome.ok ? (
          <p role="status" className="text-sm" data-testid="analysis-outcome">
            {outcome.message}
          </p>
        ) : (
          <Alert variant="destructive" data-testid="analysis-failure">
            <TriangleAlertIcon aria-hidden="true" />
            <AlertTitle>The analysis did not run</AlertTitle>
            <AlertDescription>
              <p className="break-words">{outcome.message}</p>
            </AlertDescription>
          </Alert>
        ))}
    </div>
  );
}
