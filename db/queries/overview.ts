import "server-only";
import { sql } from "drizzle-orm";
import { type Database, db as defaultDb, queryRows } from "../client";

/** One table of a project at a glance: how many rows, and who changed it last, when. */
export type TableGlance = { dataset: string; rows: number; columns: number; lastChangeAt: Date | null; lastChangeBy: string | null };

const USER_NAME = sql`coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email)`;

/** Every table the project has stored, with its last change (one index probe per table: row_history_table_idx). */
export async function tableGlances(projectId: number, db: Database = defaultDb()): Promise<TableGlance[]> {
  const rows = await queryRows<{ dataset: string; rows: number; columns: number; at: Date | string | null; by: string | null }>(
    db,
    sql`SELECT s.dataset, s.row_count AS rows, s.column_count AS columns, last.at, last.by
        FROM dataset_states s
        LEFT JOIN LATERAL (
          SELECT h.at, ${USER_NAME} AS by FROM row_history h LEFT JOIN users u ON u.id = h.user_id
          WHERE h.project_id = s.project_id AND h.dataset = s.dataset ORDER BY h.id DESC LIMIT 1
        ) last ON true
        WHERE s.project_id = ${projectId}`,
  );
  return rows.map((r) => ({
    dataset: r.dataset,
    rows: Number(r.rows),
    columns: Number(r.columns),
    lastChangeAt: r.at === null ? null : new Date(r.at),
    lastChangeBy: r.by,
  }));
}

/** A change saved at once (an edit, a paste, an import): its table, how many rows, by whom, when, and one Parameter. */
export type ChangeGlance = { dataset: string; rows: number; parameter: string; by: string | null; at: Date };

/** The project's latest changes, newest first, a batch counted once (from its last 500 row versions). */
export async function recentChanges(projectId: number, limit: number, db: Database = defaultDb()): Promise<ChangeGlance[]> {
  const rows = await queryRows<{ dataset: string; rows: number | string; parameter: string; by: string | null; at: Date | string }>(
    db,
    sql`SELECT x.dataset, count(*) AS rows, min(x.parameter) AS parameter, min(x.by) AS by, max(x.at) AS at
        FROM (
          SELECT h.id, h.dataset, h.at, coalesce(h.batch_id::text, h.id::text) AS change,
                 coalesce(h.after ->> 'Parameter', h.before ->> 'Parameter', '') AS parameter, ${USER_NAME} AS by
          FROM row_history h LEFT JOIN users u ON u.id = h.user_id
          WHERE h.project_id = ${projectId} ORDER BY h.id DESC LIMIT 500
        ) x
        GROUP BY x.dataset, x.change ORDER BY max(x.id) DESC LIMIT ${limit}`,
  );
  return rows.map((r) => ({ dataset: r.dataset, rows: Number(r.rows), parameter: r.parameter, by: r.by, at: new Date(r.at) }));
}
