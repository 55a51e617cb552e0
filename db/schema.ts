import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
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

// ---------------------------------------------------------------- bookkeeping

/** Small key/value facts about the database itself, e.g. when the demo data was seeded. */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
