import { eq } from "drizzle-orm";
import { hashPassword } from "@/lib/auth/password";
import { datasetKeys } from "@/lib/datasets/registry";
import type { Database } from "./client";
import { countRows, insertRows } from "./queries/parameters";
import { createUser, findUserByEmail } from "./queries/users";
import { appMeta } from "./schema";
import { DEMO_EMAIL, DEMO_PASSWORD, demoTables } from "./seed-data";

const SEEDED_KEY = "demo_seeded_at";

/**
 * Seeds the demo account and the demo parameter tables once per database:
 * a later start (or a table the user emptied on purpose) is left alone.
 * Returns whether anything was seeded.
 */
export async function seedDemo(db: Database): Promise<boolean> {
  const [done] = await db.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY));
  if (done) return false;
  if (!(await findUserByEmail(DEMO_EMAIL, db))) {
    await createUser({ email: DEMO_EMAIL, passwordHash: await hashPassword(DEMO_PASSWORD), firstName: "Demo", lastName: "Engineer" }, db);
  }
  for (const key of datasetKeys) {
    if ((await countRows(key, db)) === 0) await insertRows(key, demoTables[key](), db);
  }
  await db.insert(appMeta).values({ key: SEEDED_KEY, value: new Date().toISOString() }).onConflictDoNothing();
  return true;
}
