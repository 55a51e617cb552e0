import type { RunDetail } from "@/lib/midas/runs";
import { TableOutcomes } from "./table-outcomes";
import { MidasTable } from "./midas-table";

const json = (v: unknown) => JSON.stringify(v);

/** A run's full diff: every row it created, updated (with the fields that changed) and deleted, per MIDAS table, and the read-back. */
export function RunDiff({ diff }: { diff: RunDetail["diff"] }) {
  if (!diff) return <p className="text-sm text-muted-foreground">This run recorded no diff.</p>;
  const changes = diff.changes ?? {};
  const tables = diff.tables ?? null;
  const warnings = diff.warnings ?? [];
  const changed = Object.entries(changes).filter(([, c]) => (c.create?.length ?? 0) + (c.update?.length ?? 0) + (c.delete?.length ?? 0) > 0);
  return (
    <div className="grid gap-3 text-sm" data-testid="run-diff">
      {typeof diff.baseUrl === "string" && (
        <p>
          MIDAS: <span className="font-mono break-all">{diff.baseUrl}</span>
        </p>
      )}
      {tables && <TableOutcomes tables={tables} />}
      {changed.length === 0 && <p className="text-muted-foreground">Nothing was created, updated or deleted.</p>}
      {changed.map(([table, c]) => (
        <details key={table} className="rounded-md border px-3 py-2">
          <summary className="cursor-pointer">
            <span className="font-medium">
              <MidasTable code={table} />
            </span>
            : {c.create?.length ?? 0} created, {c.update?.length ?? 0} updated, {c.delete?.length ?? 0} deleted
          </summary>
          <ul className="mt-2 grid gap-1 font-mono text-xs break-all">
            {c.create?.map((r) => (
              <li key={`c${r.id}`}>
                + {r.id} {json(r.values)}
              </li>
            ))}
            {c.update?.map((r) => (
              <li key={`u${r.id}`}>
                ~ {r.id} [{r.fields.join(", ")}] {json(r.values)}
              </li>
            ))}
            {c.delete?.map((r) => (
              <li key={`d${r.id}`}>− {r.id}</li>
            ))}
          </ul>
        </details>
      ))}
      {warnings.length > 0 && (
        <details className="rounded-md border px-3 py-2">
          <summary className="cursor-pointer">{warnings.length} cascading deletes</summary>
          <ul className="mt-2 list-inside list-disc">
            {warnings.map((w) => (
              <li key={`${w.table}:${w.id}`}>{w.message}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
