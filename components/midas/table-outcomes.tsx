import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { ResponseOf } from "@/lib/http/contract";
import type { midasApi } from "@/lib/midas/api";
import { OutcomeBadge } from "./outcome-badge";
import { MidasTable } from "./midas-table";

/** One MIDAS table's outcome of a build, as the API answers it. */
export type TableOutcomeView = ResponseOf<typeof midasApi.apply>["tables"][string];

const show = (v: unknown) => (v === undefined ? "(missing)" : JSON.stringify(v));

/** Per MIDAS table: applied / mismatch / failed / unchanged, the counts, and where the read-back differed from what was sent. */
export function TableOutcomes({ tables, onlyChanged = false }: { tables: Record<string, TableOutcomeView>; onlyChanged?: boolean }) {
  const entries = Object.entries(tables).filter(([, t]) => !onlyChanged || t.outcome !== "unchanged" || t.created + t.updated + t.deleted > 0);
  const withDifferences = entries.filter(([, t]) => (t.differences?.length ?? 0) > 0 || t.error);
  return (
    <div className="grid gap-3">
      <Table aria-label="Outcome per MIDAS table">
        <TableHeader>
          <TableRow>
            <TableHead>MIDAS table</TableHead>
            <TableHead>Outcome</TableHead>
            <TableHead className="text-right">Created</TableHead>
            <TableHead className="text-right">Updated</TableHead>
            <TableHead className="text-right">Deleted</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {entries.map(([table, t]) => (
            <TableRow key={table} data-table={table}>
              <TableCell>
                <MidasTable code={table} />
              </TableCell>
              <TableCell>
                <OutcomeBadge outcome={t.outcome} />
              </TableCell>
              <TableCell className="text-right tabular-nums">{t.created}</TableCell>
              <TableCell className="text-right tabular-nums">{t.updated}</TableCell>
              <TableCell className="text-right tabular-nums">{t.deleted}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {withDifferences.map(([table, t]) => (
        <details key={table} className="rounded-md border px-3 py-2 text-sm" open={t.outcome === "failed"}>
          <summary className="cursor-pointer font-medium">
            <MidasTable code={table} />: {t.error ?? `${t.differenceCount ?? t.differences!.length} differences between what was sent and what MIDAS holds`}
          </summary>
          {(t.differences?.length ?? 0) > 0 && (
            <ul className="mt-2 grid gap-1 font-mono text-xs break-all">
              {t.differences!.map((d, i) => (
                <li key={`${d.id}:${d.field}:${i}`}>
                  {d.id}
                  {d.field ? `.${d.field}` : ""}: sent {show(d.sent)}, read {show(d.read)}
                </li>
              ))}
              {(t.differenceCount ?? 0) > t.differences!.length && <li>and {t.differenceCount! - t.differences!.length} more</li>}
            </ul>
          )}
        </details>
      ))}
    </div>
  );
}
