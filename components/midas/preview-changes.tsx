import { TriangleAlertIcon } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { ResponseOf } from "@/lib/http/contract";
import type { midasApi } from "@/lib/midas/api";
import { MidasTable } from "./midas-table";

type Preview = ResponseOf<typeof midasApi.preview>;

const list = (ids: string[], total: number) => `${ids.join(", ")}${total > ids.length ? ` and ${total - ids.length} more` : ""}`;

/** What applying would create, update and delete in MIDAS, per table, and the deletes that cascade. */
export function PreviewChanges({ preview }: { preview: Preview }) {
  const tables = Object.entries(preview.changes);
  const total = (k: "create" | "update" | "delete" | "unchanged") => tables.reduce((n, [, c]) => n + c[k], 0);
  const changed = tables.filter(([, c]) => c.create + c.update + c.delete > 0);
  return (
    <section className="grid gap-3" aria-label="Preview" data-testid="midas-preview">
      <p className="text-sm">
        {changed.length === 0
          ? `MIDAS at ${preview.baseUrl} already holds this model: nothing to send.`
          : `Against what MIDAS at ${preview.baseUrl} holds now, applying would change ${changed.length} of ${tables.length} tables.`}
      </p>
      <Table aria-label="Changes per MIDAS table">
        <TableHeader>
          <TableRow>
            <TableHead>MIDAS table</TableHead>
            <TableHead className="text-right">Create</TableHead>
            <TableHead className="text-right">Update</TableHead>
            <TableHead className="text-right">Delete</TableHead>
            <TableHead className="text-right">Unchanged</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {tables.map(([table, c]) => (
            <TableRow key={table} data-table={table}>
              <TableCell>
                <MidasTable code={table} />
              </TableCell>
              <TableCell className="text-right tabular-nums">{c.create}</TableCell>
              <TableCell className="text-right tabular-nums">{c.update}</TableCell>
              <TableCell className="text-right tabular-nums">{c.delete}</TableCell>
              <TableCell className="text-right text-muted-foreground tabular-nums">{c.unchanged}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell>Total</TableCell>
            <TableCell className="text-right tabular-nums">{total("create")}</TableCell>
            <TableCell className="text-right tabular-nums">{total("update")}</TableCell>
            <TableCell className="text-right tabular-nums">{total("delete")}</TableCell>
            <TableCell className="text-right tabular-nums">{total("unchanged")}</TableCell>
          </TableRow>
        </TableFooter>
      </Table>
      {changed.length > 0 && (
        <details className="rounded-md border px-3 py-2 text-sm">
          <summary className="cursor-pointer font-medium">Which rows (MIDAS ids)</summary>
          <dl className="mt-2 grid gap-2">
            {changed.map(([table, c]) => (
              <div key={table}>
                <dt className="font-medium">
                  <MidasTable code={table} />
                </dt>
                {c.create > 0 && <dd className="break-words">Create: {list(c.ids.create, c.create)}</dd>}
                {c.update > 0 && (
                  <dd className="break-words">
                    Update:{" "}
                    {list(
                      c.ids.update.map((u) => `${u.id} (${u.fields.join(", ")})`),
                      c.update,
                    )}
                  </dd>
                )}
                {c.delete > 0 && <dd className="break-words">Delete: {list(c.ids.delete, c.delete)}</dd>}
              </div>
            ))}
          </dl>
        </details>
      )}
      {preview.tendons.length > 0 && (
        <Table aria-label="Friction loss per tendon group" data-testid="midas-tendon-friction">
          <TableHeader>
            <TableRow>
              <TableHead>Tendon group</TableHead>
              <TableHead className="text-right">Length (m)</TableHead>
              <TableHead className="text-right">Angle change (rad)</TableHead>
              <TableHead className="text-right">Lowest force, jacked from both ends</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {preview.tendons.map((t) => (
              <TableRow key={t.name}>
                <TableCell>{t.name}</TableCell>
                <TableCell className="text-right tabular-nums">{t.length}</TableCell>
                <TableCell className="text-right tabular-nums">{t.angle.toFixed(3)}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {(t.lowest.share * 100).toFixed(1)} % of the jacking force at {t.lowest.x} m
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {preview.warnings.length > 0 && (
        <Alert data-testid="midas-cascade-warnings">
          <TriangleAlertIcon aria-hidden="true" />
          <AlertTitle>Deletes that cascade in MIDAS</AlertTitle>
          <AlertDescription>
            <ul className="list-inside list-disc">
              {preview.warnings.slice(0, 20).map((w) => (
                <li key={`${w.table}:${w.id}`}>{w.message}</li>
              ))}
              {preview.warnings.length > 20 && <li>and {preview.warnings.length - 20} more</li>}
            </ul>
          </AlertDescription>
        </Alert>
      )}
    </section>
  );
}
