import "server-only";
import { and, desc, eq, getTableColumns, isNotNull, isNull, sql } from "drizzle-orm";
import { type Database, db as defaultDb, postgresErrorCode } from "../client";
import { type MidasRun, type MidasRunKind, midasConnections, midasResults, midasRuns, projects, type ResultsSource, users } from "../schema";

// ---------------------------------------------------------------- connections

export type StoredConnection = typeof midasConnections.$inferSelect;

export async function findMidasConnection(userId: number, db: Database = defaultDb()): Promise<StoredConnection | undefined> {
  const [row] = await db.select().from(midasConnections).where(eq(midasConnections.userId, userId)).limit(1);
  return row;
}

export async function saveMidasConnection(
  values: { userId: number; baseUrl: string; keyCiphertext: string; keyLast4: string },
  db: Database = defaultDb(),
): Promise<StoredConnection> {
  const now = new Date();
  const [row] = await db
    .insert(midasConnections)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: midasConnections.userId,
      set: { baseUrl: values.baseUrl, keyCiphertext: values.keyCiphertext, keyLast4: values.keyLast4, updatedAt: now },
    })
    .returning();
  return row!;
}

export async function deleteMidasConnection(userId: number, db: Database = defaultDb()): Promise<boolean> {
  const rows = await db.delete(midasConnections).where(eq(midasConnections.userId, userId)).returning({ userId: midasConnections.userId });
  return rows.length > 0;
}

// ---------------------------------------------------------------- model file

export type ModelFile = { modelPath: string | null; savedAs: string | null };

/** Where a project's MIDAS model is saved, and the path the model MIDAS holds was last saved as (undefined: no such project). */
export async function findModelFile(projectId: number, db: Database = defaultDb()): Promise<ModelFile | undefined> {
  const [row] = await db
    .select({ modelPath: projects.midasModelPath, savedAs: projects.midasSavedAs })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  return row;
}

/** Sets a project's model path (null: none); a new path's first save is a SAVEAS again. */
export async function setModelPath(projectId: number, modelPath: string | null, db: Database = defaultDb()): Promise<ModelFile | undefined> {
  const [row] = await db
    .update(projects)
    .set({ midasModelPath: modelPath, midasSavedAs: sql`CASE WHEN ${projects.midasSavedAs} = ${modelPath} THEN ${projects.midasSavedAs} ELSE NULL END` })
    .where(eq(projects.id, projectId))
    .returning({ modelPath: projects.midasModelPath, savedAs: projects.midasSavedAs });
  return row;
}

/** Records that the model MIDAS holds was saved as `path` (SAVEAS answered). */
export async function markSavedAs(projectId: number, path: string, db: Database = defaultDb()): Promise<void> {
  await db.update(projects).set({ midasSavedAs: path }).where(eq(projects.id, projectId));
}

// ---------------------------------------------------------------- runs

/** A run with who started it (null once that account is gone). */
export type RunWithUser = MidasRun & { user: { id: number; email: string; firstName: string; lastName: string } | null };

const runColumns = {
  run: midasRuns,
  userEmail: users.email,
  userFirstName: users.firstName,
  userLastName: users.lastName,
};

function withUser(row: { run: MidasRun; userEmail: string | null; userFirstName: string | null; userLastName: string | null }): RunWithUser {
  const { run } = row;
  return {
    ...run,
    user:
      run.userId !== null && row.userEmail !== null
        ? { id: run.userId, email: row.userEmail, firstName: row.userFirstName ?? "", lastName: row.userLastName ?? "" }
        : null,
  };
}

/**
 * Starts a run of the project, or returns undefined when one is already going
 * on: the unique index on unfinished runs decides, in every replica at once.
 */
export async function insertRun(values: { projectId: number; userId: number; kind: MidasRunKind }, db: Database = defaultDb()): Promise<MidasRun | undefined> {
  try {
    const [run] = await db.insert(midasRuns).values(values).returning();
    return run;
  } catch (error) {
    if (postgresErrorCode(error) === "23505") return undefined;
    throw error;
  }
}

/** The project's unfinished run, if any. */
export async function findRunningRun(projectId: number, db: Database = defaultDb()): Promise<RunWithUser | undefined> {
  const [row] = await db
    .select(runColumns)
    .from(midasRuns)
    .leftJoin(users, eq(users.id, midasRuns.userId))
    .where(and(eq(midasRuns.projectId, projectId), isNull(midasRuns.finishedAt)))
    .limit(1);
  return row && withUser(row);
}

/**
 * Closes the project's unfinished run when it has shown no progress for
 * `quietMinutes` (its server stopped in the middle): otherwise the project
 * could never run again.
 */
export async function closeAbandonedRuns(projectId: number, quietMinutes: number, error: string, db: Database = defaultDb()): Promise<number> {
  const rows = await db
    .update(midasRuns)
    .set({ finishedAt: new Date(), outcome: "failed", error })
    .where(
      and(
        eq(midasRuns.projectId, projectId),
        isNull(midasRuns.finishedAt),
        sql`coalesce((${midasRuns.diff} -> 'progress' ->> 'at')::timestamptz, ${midasRuns.startedAt}) < now() - make_interval(mins => ${quietMinutes})`,
      ),
    )
    .returning({ id: midasRuns.id });
  return rows.length;
}

export async function updateRun(
  id: string,
  values: Partial<Pick<MidasRun, "counts" | "diff" | "tableRevisions" | "fingerprint" | "scheme">>,
  db: Database = defaultDb(),
): Promise<void> {
  await db
    .update(midasRuns)
    .set(values)
    .where(and(eq(midasRuns.id, id), isNull(midasRuns.finishedAt)));
}

export async function finishRun(
  id: string,
  values: Partial<Pick<MidasRun, "outcome" | "error" | "counts" | "diff" | "tableRevisions" | "fingerprint" | "scheme" | "buildId">>,
  db: Database = defaultDb(),
): Promise<void> {
  await db
    .update(midasRuns)
    .set({ ...values, finishedAt: new Date() })
    .where(eq(midasRuns.id, id));
}

/** The project's runs, newest first, without their diffs (a list can be long). */
export async function listRuns(
  projectId: number,
  options: { kind?: MidasRunKind; limit?: number } = {},
  db: Database = defaultDb(),
): Promise<Omit<RunWithUser, "diff" | "scheme">[]> {
  const { diff: _diff, scheme: _scheme, ...light } = getTableColumns(midasRuns);
  const rows = await db
    .select({ run: light, userEmail: users.email, userFirstName: users.firstName, userLastName: users.lastName })
    .from(midasRuns)
    .leftJoin(users, eq(users.id, midasRuns.userId))
    .where(and(eq(midasRuns.projectId, projectId), options.kind ? eq(midasRuns.kind, options.kind) : undefined))
    .orderBy(desc(midasRuns.startedAt), desc(midasRuns.id))
    .limit(options.limit ?? 500);
  return rows.map((row) => {
    const { diff: _d, scheme: _s, ...rest } = withUser({ ...row, run: { ...row.run, diff: null, scheme: null } });
    return rest;
  });
}

/** One run of the project, with its full diff. */
export async function findRun(projectId: number, id: string, db: Database = defaultDb()): Promise<RunWithUser | undefined> {
  const [row] = await db
    .select(runColumns)
    .from(midasRuns)
    .leftJoin(users, eq(users.id, midasRuns.userId))
    .where(and(eq(midasRuns.projectId, projectId), eq(midasRuns.id, id)))
    .limit(1);
  return row && withUser(row);
}

/** The project's last finished build, whatever its outcome (a failed build leaves MIDAS holding part of a model). */
export async function latestBuild(projectId: number, db: Database = defaultDb()): Promise<MidasRun | undefined> {
  const [run] = await db
    .select()
    .from(midasRuns)
    .where(and(eq(midasRuns.projectId, projectId), eq(midasRuns.kind, "build"), isNotNull(midasRuns.finishedAt)))
    .orderBy(desc(midasRuns.finishedAt))
    .limit(1);
  return run;
}

// ---------------------------------------------------------------- results

export type StoredResults = typeof midasResults.$inferSelect & {
  /** Who read them: the person whose MIDAS connection was used (null once that account is gone). */
  reader: { id: number; email: string; firstName: string; lastName: string } | null;
};

/** Stores (or replaces) one result kind of a project, with whose connection read them and how. */
export async function saveResults(
  values: {
    projectId: number;
    kind: string;
    analysisId: string | null;
    buildId: string | null;
    fetchedBy: number;
    source: ResultsSource;
    data: Record<string, unknown>;
    fetchedAt?: Date;
  },
  db: Database = defaultDb(),
): Promise<void> {
  const fetchedAt = values.fetchedAt ?? new Date();
  const { analysisId, buildId, fetchedBy, source, data } = values;
  await db
    .insert(midasResults)
    .values({ ...values, fetchedAt })
    .onConflictDoUpdate({ target: [midasResults.projectId, midasResults.kind], set: { analysisId, buildId, fetchedBy, source, data, fetchedAt } });
}

export async function findResults(projectId: number, kind: string, db: Database = defaultDb()): Promise<StoredResults | undefined> {
  const [row] = await db
    .select({ results: midasResults, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(midasResults)
    .leftJoin(users, eq(users.id, midasResults.fetchedBy))
    .where(and(eq(midasResults.projectId, projectId), eq(midasResults.kind, kind)))
    .limit(1);
  if (!row) return undefined;
  const { results, email, firstName, lastName } = row;
  const reader = results.fetchedBy !== null && email !== null ? { id: results.fetchedBy, email, firstName: firstName ?? "", lastName: lastName ?? "" } : null;
  return { ...results, reader };
}

/** The project's last analysis of a build that finished and read its results, if any. */
export async function latestAnalysisOf(projectId: number, buildId: string, db: Database = defaultDb()): Promise<MidasRun | undefined> {
  const [run] = await db
    .select()
    .from(midasRuns)
    .where(and(eq(midasRuns.projectId, projectId), eq(midasRuns.kind, "analysis"), eq(midasRuns.buildId, buildId), eq(midasRuns.outcome, "done")))
    .orderBy(desc(midasRuns.finishedAt))
    .limit(1);
  return run;
}

/** Which result kinds the project has, with when each was read (no data: it can be large). */
export async function listResults(projectId: number, db: Database = defaultDb()): Promise<{ kind: string; fetchedAt: Date; buildId: string | null }[]> {
  return db
    .select({ kind: midasResults.kind, fetchedAt: midasResults.fetchedAt, buildId: midasResults.buildId })
    .from(midasResults)
    .where(eq(midasResults.projectId, projectId));
}
