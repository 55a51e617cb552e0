"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DisabledReason } from "@/components/ui/disabled-reason";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toast";
import { callApi } from "@/lib/http/contract";
import { midasApi } from "@/lib/midas/api";

/**
 * Where MIDAS Civil NX saves the project's model (docs/midas.md, "Saving the model"): the first save of the model is a
 * SAVEAS to this path; without one the analysis is refused, since Civil NX would wait on a save dialog.
 */
export function ModelFile({ projectId, initial, readOnly }: { projectId: number; initial: string | null; readOnly: string | null }) {
  const [saved, setSaved] = useState(initial ?? "");
  const [path, setPath] = useState(initial ?? "");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const answer = await callApi(midasApi.saveSettings, { params: { id: projectId }, body: { modelPath: path } });
    setBusy(false);
    if (!answer.ok) {
      setError(answer.error);
      return;
    }
    setSaved(answer.data.modelPath ?? "");
    setPath(answer.data.modelPath ?? "");
    toast.success(answer.data.modelPath ? `The model is saved as ${answer.data.modelPath}` : "The model file path is cleared");
  }

  return (
    <form className="grid gap-2" onSubmit={(e) => void save(e)} data-testid="model-file">
      <Label htmlFor="model-path">Model file</Label>
      <p className="text-xs text-muted-foreground" id="model-path-help">
        Where MIDAS Civil NX saves this project&apos;s model on your workstation, e.g. C:\Bridges\Demo Viaduct.mcb. The first save is to this file; the analysis
        needs it.
      </p>
      <div className="flex flex-wrap gap-2">
        <Input
          id="model-path"
          className="min-w-0 flex-1 font-mono"
          value={path}
          placeholder="C:\Bridges\Bridge.mcb"
          aria-describedby="model-path-help"
          aria-invalid={error !== null}
          disabled={busy || readOnly !== null}
          onChange={(e) => setPath(e.target.value)}
        />
        <DisabledReason reason={readOnly}>
          <Button type="submit" variant="outline" disabled={busy || readOnly !== null || path.trim() === saved}>
            Save path
          </Button>
        </DisabledReason>
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}
