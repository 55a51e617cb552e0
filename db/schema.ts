import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  bigint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

// ---------------------------------------------------------------- accounts

export const users = pgTable("users", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  createdAt: createdAt(),
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

export const loginFailures = pgTable(
  "login_failures",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("login_failures_email_created_idx").on(t.email, t.createdAt)],
);

// ---------------------------------------------------------------- parameter tables

/**
 * One table per dataset, all of the same shape: a row is a parameter, its
 * Item columns live in `values` (an open set of text columns).
 */
function parameterTable(name: string) {
  return pgTable(name, {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    parameter: text("parameter").notNull().unique(),
    values: jsonb("values").$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  });
}

export const pierParameters = parameterTable("pier_parameters");
export const abtParameters = parameterTable("abt_parameters");
export const boxParameters = parameterTable("box_parameters");
export const coresetupParameters = parameterTable("coresetup_parameters");
export type ParameterTable = typeof pierParameters;
export type ParameterRecord = typeof pierParameters.$inferSelect;

/** The column set of each dataset; it grows when a row is saved with a new column name. */
export const datasetColumns = pgTable(
  "dataset_columns",
  {
    dataset: text("dataset").notNull(),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.dataset, t.name] })],
);
export type DatasetColumn = typeof datasetColumns.$inferSelect;

/**
 * A counter per dataset, raised in the same transaction as every write to it.
 * Readers that see the same revision see the same rows, so a snapshot of a
 * table can be cached and reused until the revision moves, in every replica.
 */
export const datasetRevisions = pgTable("dataset_revisions", {
  dataset: text("dataset").primaryKey(),
  revision: bigint("revision", { mode: "number" }).notNull().default(0),
});

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

export const pushStates = ["queued", "delivered", "applied", "partial", "failed", "expired"] as const;
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
  (t) => [index("revit_pushes_user_created_idx").on(t.userId, t.createdAt), index("revit_pushes_user_status_idx").on(t.userId, t.status)],
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
