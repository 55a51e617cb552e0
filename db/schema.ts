import { sql } from "drizzle-orm";
import { type AnyPgColumn, bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

// ---------------------------------------------------------------- accounts

export const users = pgTable("users", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  createdAt: createdAt(),
  /** The project the spec's routes, the screens and the add-in act on; chosen in the project switcher. */
  currentProjectId: integer("current_project_id").references((): AnyPgColumn => projects.id, { onDelete: "set null" }),
});
export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export const sessions = pgTable(
  "sessions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    // SHA-256 of the cookie token: a database leak does not yield usable cookies.
    tokenHash: text("token_hash").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);
export type Session = typeof sessions.$inferSelect;

/**
 * Counters of the rate limits (rate-limiter-flexible's Drizzle store): sign-in
 * and registration per client address, failed sign-ins per e-mail, pushes per
 * user. In the database so every replica counts together.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: timestamp("expire", { withTimezone: true, mode: "date" }),
});

// ---------------------------------------------------------------- projects

/** A bridge: its tables, pushes, MIDAS model and everything else belong to one project. */
export const projects = pgTable("projects", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  name: text("name").notNull(),
  /** Where the project's MIDAS model file is saved (C:\Bridges\Demo Viaduct.mcb): the first save of a model is SAVEAS to it. */
  midasModelPath: text("midas_model_path"),
  /** The path the model MIDAS holds was last saved as through SAVEAS (null: not yet): later saves are SAVE. */
  midasSavedAs: text("midas_saved_as"),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
export type Project = typeof projects.$inferSelect;

export const projectRoles = ["owner", "editor", "viewer"] as const;
export type ProjectRole = (typeof projectRoles)[number];

export const projectMembers = pgTable(
  "project_members",
  {
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").$type<ProjectRole>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index("project_members_user_idx").on(t.userId)],
);

/**
 * An owner's invitation of an e-mail address to a project: whoever holds that address (now, or once they register)
 * sees it on /settings and becomes a member only by accepting it. Nothing is said to the owner about the address.
 */
export const projectInvitations = pgTable(
  "project_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** Lower case, as accounts store theirs. */
    email: text("email").notNull(),
    role: text("role").$type<ProjectRole>().notNull(),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [uniqueIndex("project_invitations_project_email_idx").on(t.projectId, t.email), index("project_invitations_email_idx").on(t.email)],
);
export type ProjectInvitation = typeof projectInvitations.$inferSelect;

/**
 * Every row of every table: one per (project, dataset, Parameter). A row's
 * Item columns live in `values` (an open set of text columns); `bytes` is
 * its stored size, summed per table in dataset_states for the size budget.
 * Ids come from one sequence; rows moved from the per-dataset tables of
 * earlier versions kept theirs, so an id is unique within its table.
 */
export const parameterRows = pgTable(
  "parameter_rows",
  {
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    dataset: text("dataset").notNull(),
    id: integer("id").notNull().generatedByDefaultAsIdentity(),
    parameter: text("parameter").notNull(),
    values: jsonb("values")
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    bytes: integer("bytes").notNull().default(0),
    version: integer("version").notNull().default(1),
    /** The kind the engineer set for this row (lib/datasets/kinds.ts); null: its template's, else its name's. */
    kind: text("kind"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.dataset, t.id] }), uniqueIndex("parameter_rows_parameter_idx").on(t.projectId, t.dataset, t.parameter)],
);
export type ParameterRow = typeof parameterRows.$inferSelect;

/** The column set of each table; it grows when a row is saved with a new column name, and an owner may remove empty ones. */
export const parameterColumns = pgTable(
  "parameter_columns",
  {
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    dataset: text("dataset").notNull(),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.dataset, t.name] })],
);

/**
 * One row per table, updated in the same transaction as every write to it:
 * the revision (readers that see the same revision see the same rows, so a
 * snapshot can be cached until it moves, in every replica), and the totals
 * the limits are checked against (rows, columns, stored bytes). Its row lock
 * is the table's lock: writers pass it one at a time, so limits hold.
 */
export const datasetStates = pgTable(
  "dataset_states",
  {
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    dataset: text("dataset").notNull(),
    revision: bigint("revision", { mode: "number" }).notNull().default(0),
    rowCount: integer("row_count").notNull().default(0),
    columnCount: integer("column_count").notNull().default(0),
    bytes: bigint("bytes", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.dataset] })],
);

// ---------------------------------------------------------------- revit relay

/** Add-in tokens: shown once on creation, stored only as SHA-256. */
export const revitTokens = pgTable(
  "revit_tokens",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("revit_tokens_user_id_idx").on(t.userId)],
);
export type RevitToken = typeof revitTokens.$inferSelect;

/** superseded: a newer push of the same table (or row) replaced it before any add-in received it. */
export const pushStates = ["queued", "delivered", "applied", "partial", "failed", "expired", "superseded"] as const;
export type PushState = (typeof pushStates)[number];
export type PushRowError = { id?: number; parameter?: string; message: string };

/**
 * The outbox: a push is recorded here before any add-in sees it, with the rows
 * as they were (JSON text), until an add-in has received it or it expires.
 */
export const revitPushes = pgTable(
  "revit_pushes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    dataset: text("dataset").notNull(),
    mode: text("mode").$type<"all" | "one">().notNull(),
    parameter: text("parameter"),
    rowCount: integer("row_count").notNull(),
    /** The rows as a JSON array text; dropped once an add-in has received them. */
    payload: text("payload"),
    payloadBytes: integer("payload_bytes").notNull(),
    status: text("status").$type<PushState>().notNull().default("queued"),
    deliveredTo: integer("delivered_to").notNull().default(0),
    errors: jsonb("errors").$type<PushRowError[]>(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true, mode: "date" }),
    receivedAt: timestamp("received_at", { withTimezone: true, mode: "date" }),
    ackedAt: timestamp("acked_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("revit_pushes_user_created_idx").on(t.userId, t.createdAt),
    index("revit_pushes_user_status_idx").on(t.userId, t.status),
    index("revit_pushes_project_dataset_idx").on(t.projectId, t.dataset, t.createdAt),
  ],
);
export type RevitPush = typeof revitPushes.$inferSelect;

/** Add-ins connected right now, to any server process (kept fresh by the heartbeat). */
export const revitConnections = pgTable(
  "revit_connections",
  {
    id: uuid("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenId: integer("token_id")
      .notNull()
      .references(() => revitTokens.id, { onDelete: "cascade" }),
    serverId: text("server_id").notNull(),
    clientName: text("client_name").notNull().default(""),
    revitVersion: text("revit_version").notNull().default(""),
    document: text("document").notNull().default(""),
    connectedAt: timestamp("connected_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /**
     * When the add-in said hello; null while the socket is only holding its place. The place is taken at the
     * upgrade (so the per-token limit counts it on every replica), but only a ready add-in is listed or sent pushes.
     */
    readyAt: timestamp("ready_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("revit_connections_user_idx").on(t.userId), index("revit_connections_token_idx").on(t.tokenId)],
);
export type RevitConnection = typeof revitConnections.$inferSelect;

// ---------------------------------------------------------------- bookkeeping

/** Small key/value facts about the database itself, e.g. when the demo data was seeded. */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

// ---------------------------------------------------------------- MIDAS Civil NX

/**
 * Each engineer's connection to MIDAS Civil NX: the base URL and the MAPI-Key,
 * encrypted (AES-256-GCM with PONTIFEX_SECRET); only its last 4 characters
 * ever go back to a browser.
 */
export const midasConnections = pgTable("midas_connections", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  baseUrl: text("base_url").notNull(),
  /** base64 of iv (12 bytes) | auth tag (16 bytes) | ciphertext. */
  keyCiphertext: text("key_ciphertext").notNull(),
  keyLast4: text("key_last4").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

export const midasRunKinds = ["build", "analysis"] as const;
export type MidasRunKind = (typeof midasRunKinds)[number];

/**
 * Every Create Midas (build) and Run analysis of a project: who, when, the
 * outcome, counts per MIDAS table and the full diff; a build also records the
 * revisions of the Midas tables it was built from and the model's
 * fingerprint and id scheme, for the "changed since the last build" checks and
 * for reading results. At most one run of a project is unfinished at a time.
 */
export const midasRuns = pgTable(
  "midas_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind").$type<MidasRunKind>().notNull(),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }),
    /** null while running; then applied | mismatch | failed (build) or done | failed (analysis). */
    outcome: text("outcome"),
    error: text("error"),
    /** Per MIDAS table: { outcome, created, updated, deleted }. */
    counts: jsonb("counts").$type<Record<string, unknown>>(),
    /** The full diff: the plan's changes and warnings, and the read-back differences. */
    diff: jsonb("diff").$type<Record<string, unknown>>(),
    /** A build: revision of each Midas table it was built from. */
    tableRevisions: jsonb("table_revisions").$type<Record<string, number>>(),
    /** A build: the model's fingerprint and its id scheme and cases (what results are read by). */
    fingerprint: text("fingerprint"),
    scheme: jsonb("scheme").$type<Record<string, unknown>>(),
    /** An analysis: the build it analysed. */
    buildId: uuid("build_id"),
  },
  (t) => [
    index("midas_runs_project_started_idx").on(t.projectId, t.startedAt),
    uniqueIndex("midas_runs_one_running_idx")
      .on(t.projectId)
      .where(sql`${t.finishedAt} IS NULL`),
  ],
);
export type MidasRun = typeof midasRuns.$inferSelect;

/** Result tables read from MIDAS after an analysis, per project and kind (reaction, bearing, girder, pile). */
export type ResultsSource = "analysis" | "refresh";

export const midasResults = pgTable(
  "midas_results",
  {
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    /** The analysis run they came from, and the build it analysed. */
    analysisId: uuid("analysis_id"),
    buildId: uuid("build_id"),
    fetchedAt: timestamp("fetched_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** Whose MIDAS connection they were read through (null once that account is gone). */
    fetchedBy: integer("fetched_by").references(() => users.id, { onDelete: "set null" }),
    /** How they were read: by the analysis run, or again later from what MIDAS held. */
    source: text("source").$type<ResultsSource>().notNull().default("analysis"),
    /** { units, columns, rows } as read, numbers as numbers. */
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.kind] })],
);

// ---------------------------------------------------------------- assistant

/** An engineer's conversations with the assistant, per project; the messages are the AI SDK's UI messages. */
export const conversations = pgTable(
  "conversations",
  {
    /** Made by the browser for a new chat. */
    id: text("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    messages: jsonb("messages")
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("conversations_owner_idx").on(t.projectId, t.userId, t.updatedAt)],
);

// ---------------------------------------------------------------- history

export const historyActions = ["create", "edit", "delete", "restore", "import"] as const;
export type HistoryAction = (typeof historyActions)[number];

/**
 * Every change to a row, written in the same transaction as the change (so
 * history and data never disagree): who, when, and the row before and after
 * as `{Parameter, ...values}` (null before a create and after a delete).
 * `version` is the row's version after the change (for a delete, the version
 * it was deleted at). Changes saved together (a batch, an import) share a
 * batch id.
 */
export const rowHistory = pgTable(
  "row_history",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    dataset: text("dataset").notNull(),
    rowId: integer("row_id").notNull(),
    version: integer("version").notNull(),
    action: text("action").$type<HistoryAction>().notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    before: jsonb("before").$type<Record<string, string>>(),
    after: jsonb("after").$type<Record<string, string>>(),
    batchId: uuid("batch_id"),
  },
  (t) => [index("row_history_row_idx").on(t.projectId, t.dataset, t.rowId, t.id), index("row_history_table_idx").on(t.projectId, t.dataset, t.id)],
);
export type RowHistoryEntry = typeof rowHistory.$inferSelect;

/**
 * A workbook or CSV file read for import, kept between its preview and its
 * apply: the rows it holds and what they were based on (the export's row
 * versions). Deleted when applied, and by housekeeping after a day.
 */
export const tableImports = pgTable(
  "table_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    dataset: text("dataset").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    createdAt: createdAt(),
    /** { rows: [{parameter, values}], basedOn: {<rowId>: version} | null, ... } */
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index("table_imports_created_idx").on(t.createdAt)],
);

/**
 * What an add-in last acknowledged of each table: the rows of the newest
 * whole-table push an add-in applied, so a push preview can show what
 * changed since.
 */
export const pushBaselines = pgTable(
  "push_baselines",
  {
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    dataset: text("dataset").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    pushId: uuid("push_id").notNull(),
    ackedAt: timestamp("acked_at", { withTimezone: true, mode: "date" }).notNull(),
    /** The rows as pushed: a JSON array text. */
    rows: text("rows").notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.dataset, t.userId] })],
);
