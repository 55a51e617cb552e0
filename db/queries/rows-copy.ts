import "server-only";
import { sql } from "drizzle-orm";
import { type Database, db as defaultDb } from "../client";
import { datasetStates, parameterColumns } from "../schema";
import { r, type TableRef } from "./rows";
import { recordWrite, registerColumns } from "./rows-write";

/** Inserts many rows at once (seed, copying a project, benchmarks); registers their columns. No limits: trusted callers only. */
export async function insertRows(
  ref: TableRef,
  rows: { parameter: string; values: Record<string, string> }[],
  database: Database = defaultDb(),
): Promise<void> {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row.values)))];
  await database.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const fresh = await registerColumns(tx, ref, columns);
    let bytes = 0;
    for (let i = 0; i < rows.length; i += 500) {
      const batch = rows.slice(i, i + 500);
      const inserted = await tx
        .insert(r)
        .values(
          batch.map((row) => ({
            projectId: ref.projectId,
            dataset: ref.dataset,
            parameter: row.parameter,
            values: row.values,
            bytes: Buffer.byteLength(row.parameter) + Buffer.byteLength(JSON.stringify(row.values)),
          })),
        )
        .returning({ bytes: r.bytes });
      bytes += inserted.reduce((sum, x) => sum + x.bytes, 0);
    }
    await recordWrite(tx, ref, { rows: rows.length, columns: fresh, bytes }, { maxBytes: Number.MAX_SAFE_INTEGER });
  });
}

/** Copies every table's rows and columns from one project into another (an empty, new one). */
export async function copyTables(fromProjectId: number, toProjectId: number, database: Database = defaultDb()): Promise<void> {
  await database.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    await tx.execute(
      sql`INSERT INTO ${parameterColumns} (project_id, dataset, name) SELECT ${toProjectId}, dataset, name FROM ${parameterColumns} WHERE project_id = ${fromProjectId}`,
    );
    await tx.execute(
      sql`INSERT INTO ${r} (project_id, dataset, parameter, values, bytes) SELECT ${toProjectId}, dataset, parameter, values, bytes FROM ${r} WHERE project_id = ${fromProjectId} ORDER BY dataset, id`,
    );
    await tx.execute(
      sql`INSERT INTO ${datasetStates} (project_id, dataset, revision, row_count, column_count, bytes)
          SELECT ${toProjectId}, dataset, 1, row_count, column_count, bytes FROM ${datasetStates} WHERE project_id = ${fromProjectId}`,
    );
  });
}
