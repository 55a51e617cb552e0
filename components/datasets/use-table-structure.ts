"use client";

import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { datasetsApi } from "@/lib/datasets/api";
import type { Row } from "@/lib/datasets/columns";
import type { DatasetInfo } from "@/lib/datasets/registry";
import { callApi } from "@/lib/http/contract";
import type { useTableEdits } from "./use-table-edits";

/**
 * What gives a table its shape (issue 30): an empty table started from its template, and the next Item column added
 * with its item named. Both through the API (editors only, in the history); the table reloads after either.
 */
export function useTableStructure(
  projectId: number,
  dataset: DatasetInfo,
  edits: Pick<ReturnType<typeof useTableEdits>, "recordItemColumn">,
  reload: () => Promise<void>,
) {
  const [busy, setBusy] = useState(false);
  const params = { id: projectId, ds: dataset.key };

  async function startFromTemplate() {
    setBusy(true);
    const result = await callApi(datasetsApi.startFromTemplate, { params });
    setBusy(false);
    if (result.ok) toast.success(`Started ${dataset.title} from the ${dataset.template} template: ${result.data.data.length} rows`);
    else {
      console.error(`Server responded with ${result.status}: ${result.error}`);
      toast.error(`Could not start from the template: ${result.error}`);
    }
    await reload();
  }

  async function addItemColumn() {
    setBusy(true);
    const result = await callApi(datasetsApi.addItemColumn, { params });
    setBusy(false);
    if (result.ok) {
      const { column, name, data } = result.data;
      edits.recordItemColumn(column, name, data as Row);
      toast.success(`Added ${column} (${name})`);
    } else {
      console.error(`Server responded with ${result.status}: ${result.error}`);
      toast.error(`Could not add an item column: ${result.error}`);
    }
    await reload();
  }

  return { busy, startFromTemplate, addItemColumn };
}
