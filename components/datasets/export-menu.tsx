"use client";

import { DownloadIcon, FileSpreadsheetIcon, UploadIcon } from "lucide-react";
import dynamic from "next/dynamic";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { DisabledReason } from "@/components/ui/disabled-reason";
import { downloadExport } from "@/lib/datasets/api";
import type { DatasetInfo } from "@/lib/datasets/registry";

// The preview's code is only fetched when someone imports.
const ImportDialog = dynamic(() => import("./import-dialog").then((m) => m.ImportDialog), { ssr: false });

type ExportMenuProps = {
  projectId: number;
  dataset: Pick<DatasetInfo, "key" | "title">;
  /** Why this user may not import (viewers); export stays open to them. */
  readOnly: string | null;
  /** After an import was applied: the screen reloads its rows. */
  onImported: () => void;
};

/** Hands a downloaded file to the browser as a download with the server's file name. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** "Export / Import" of the table toolbar: the table as an XLSX workbook or CSV, and an import with its preview. */
export function ExportMenu({ projectId, dataset, readOnly, onImported }: ExportMenuProps) {
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  async function exportAs(format: "xlsx" | "csv") {
    setExporting(true);
    const result = await downloadExport({ id: projectId, ds: dataset.key }, format);
    setExporting(false);
    if (!result.ok) {
      toast.error(`Could not export ${dataset.title}: ${result.error}`);
      return;
    }
    saveFile(result.blob, result.fileName);
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" disabled={exporting}>
            <FileSpreadsheetIcon aria-hidden="true" />
            {exporting ? "Exporting..." : "Export / Import"}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="max-w-72">
          <DropdownMenuLabel>Export</DropdownMenuLabel>
          <DropdownMenuItem onSelect={() => void exportAs("xlsx")}>
            <DownloadIcon aria-hidden="true" />
            Excel workbook (.xlsx)
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void exportAs("csv")}>
            <DownloadIcon aria-hidden="true" />
            CSV file (.csv)
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DisabledReason reason={readOnly} className="w-full">
            <DropdownMenuItem className="w-full" disabled={readOnly !== null} onSelect={() => setImporting(true)}>
              <UploadIcon aria-hidden="true" />
              Import from Excel or CSV...
            </DropdownMenuItem>
          </DisabledReason>
          {readOnly && <p className="px-2 py-1 text-xs text-muted-foreground">Only editors and owners can import.</p>}
        </DropdownMenuContent>
      </DropdownMenu>
      {importing && <ImportDialog projectId={projectId} dataset={dataset} open onOpenChange={setImporting} onImported={onImported} />}
    </>
  );
}
