import "server-only";
import { eq } from "drizzle-orm";
import { type Database, db as defaultDb } from "../client";
import { type NewUser, type User, users } from "../schema";

export async function findUserByEmail(email: string, db: Database = defaultDb()): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

export async function findUserById(id: number, db: Database = defaultDb()): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** Creates the user, or returns undefined when the e-mail is already registered. */
export async function createUser(values: NewUser, db: Database = defaultDb()): Promise<User | undefined> {
  const [user] = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
  return user;
}
