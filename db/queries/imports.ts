import "server-only";
import { and, eq, lt } from "drizzle-orm";
import { type Database, db as defaultDb } from "../client";
import { tableImports } from "../schema";
import type { TableRef } from "./rows";

/** A file read for import, between its preview and its apply. */
export type StoredImport = { id: string; fileName: string; createdAt: Date; data: Record<string, unknown> };

/** Imports older than this are deleted by housekeeping: a preview is for applying now, not next week. */
export const IMPORT_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Keeps a preview's plan; a new preview replaces the same user's earlier one of the same table (one pending import each). */
export async function saveImport(ref: TableRef, userId: number, fileName: string, data: Record<string, unknown>, db: Database = defaultDb()): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.delete(tableImports).where(and(eq(tableImports.projectId, ref.projectId), eq(tableImports.dataset, ref.dataset), eq(tableImports.userId, userId)));
    const [row] = await tx
      .insert(tableImports)
      .values({ projectId: ref.projectId, dataset: ref.dataset, userId, fileName, data })
      .returning({ id: tableImports.id });
    return row!.id;
  });
}

/** The user's own import of this table, or undefined (someone else's, another table's, applied, or expired). */
export async function findImport(ref: TableRef, userId: number, id: string, db: Database = defaultDb()): Promise<StoredImport | undefined> {
  const [row] = await db
    .select({ id: tableImports.id, fileName: tableImports.fileName, createdAt: tableImports.createdAt, data: tableImports.data })
    .from(tableImports)
    .where(and(eq(tableImports.id, id), eq(tableImports.projectId, ref.projectId), eq(tableImports.dataset, ref.dataset), eq(tableImports.userId, userId)))
    .limit(1);
  if (!row || row.createdAt.getTime() < Date.now() - IMPORT_RETENTION_MS) return undefined;
  return row;
}

export async function deleteImport(id: string, db: Database = defaultDb()): Promise<void> {
  await db.delete(tableImports).where(eq(tableImports.id, id));
}

/** Housekeeping: previews nobody applied within a day. */
export async function deleteExpiredImports(db: Database, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(tableImports)
    .where(lt(tableImports.createdAt, new Date(now.getTime() - IMPORT_RETENTION_MS)))
    .returning({ id: tableImports.id });
  return deleted.length;
}
