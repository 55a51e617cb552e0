import "server-only";
import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { findModelFile, setModelPath } from "@/db/queries/midas";
import { insertMember, insertProject, listUserProjects, renameProject, setCurrentProject } from "@/db/queries/projects";
import { countRows } from "@/db/queries/rows";
import { insertRows } from "@/db/queries/rows-copy";
import { createUser, findUserByEmail } from "@/db/queries/users";
import { appMeta, type User, users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import type { DatasetKey } from "@/lib/datasets/registry";
import { midasDatasetKeys, templateRows } from "@/lib/midas/tables";
import {
  DEMO_EMAIL,
  DEMO_PASSWORD,
  DEMO_MODEL_PATH,
  DEMO_PROJECT,
  demoTables,
  FOOTBRIDGE_PROJECT,
  footbridgeTables,
  LEAD_EMAIL,
  LEAD_PASSWORD,
  type SeedRow,
} from "./seed-data";
import { demoMidasTables } from "./seed-midas-data";

/** Before projects, the demo tables were seeded into the installation's one set of tables. */
const SEEDED_BEFORE_PROJECTS = "demo_seeded_at";
const SEEDED_KEY = "demo_projects_seeded_at";

async function account(db: Database, email: string, password: string, firstName: string, lastName: string): Promise<User> {
  return (await findUserByEmail(email, db)) ?? (await createUser({ email, passwordHash: await hashPassword(password), firstName, lastName }, db))!;
}

async function fill(db: Database, projectId: number, tables: Record<string, () => SeedRow[]>): Promise<void> {
  for (const [dataset, rows] of Object.entries(tables)) {
    const table = { projectId, dataset: dataset as DatasetKey };
    if ((await countRows(table, db)) === 0) await insertRows(table, rows(), db);
  }
}

/**
 * Seeds the demo accounts and projects once per database: the demo account
 * owns "Demo Viaduct" (the demo tables) and views "Demo Footbridge", owned
 * by the second demo account. A later start (or a table the user emptied on
 * purpose) is left alone. A database seeded before projects existed had its
 * tables moved into "Default project", which becomes "Demo Viaduct".
 * Returns whether anything was seeded.
 */
export async function seedDemo(db: Database): Promise<boolean> {
  const [done] = await db.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY));
  if (done) return false;
  const [seededBefore] = await db.select().from(appMeta).where(eq(appMeta.key, SEEDED_BEFORE_PROJECTS));

  const demo = await account(db, DEMO_EMAIL, DEMO_PASSWORD, "Demo", "Engineer");
  const demoProjects = await listUserProjects(demo.id, db);
  let viaduct = demoProjects.find((m) => m.project.name === DEMO_PROJECT)?.project;
  const migrated = demoProjects.find((m) => m.project.name === "Default project" && m.role === "owner")?.project;
  if (!viaduct && migrated && seededBefore) viaduct = await renameProject(migrated.id, DEMO_PROJECT, db);
  viaduct ??= await insertProject(DEMO_PROJECT, demo.id, db);
  await fill(db, viaduct.id, demoTables);
  // The box girder alternative's analysis model: complete Midas tables, so Create Midas works out of the box.
  const midas = demoMidasTables();
  await fill(db, viaduct.id, Object.fromEntries(midasDatasetKeys.map((key) => [key, () => midas[key]])));
  // Where MIDAS saves its model (the first save of an untitled model needs one: lib/midas/model-file.ts); kept if set.
  const file = await findModelFile(viaduct.id, db);
  if (!file?.modelPath) await setModelPath(viaduct.id, DEMO_MODEL_PATH, db);

  const lead = await account(db, LEAD_EMAIL, LEAD_PASSWORD, "Project", "Lead");
  const footbridge =
    (await listUserProjects(lead.id, db)).find((m) => m.project.name === FOOTBRIDGE_PROJECT)?.project ?? (await insertProject(FOOTBRIDGE_PROJECT, lead.id, db));
  await fill(db, footbridge.id, footbridgeTables);
  await fill(db, footbridge.id, Object.fromEntries(midasDatasetKeys.map((key) => [key, () => templateRows(key)])));
  await insertMember(footbridge.id, demo.id, "viewer", db);
  await setCurrentProject(lead.id, footbridge.id, db);

  const [current] = await db
    .select({ id: users.currentProjectId })
    .from(users)
    .where(and(eq(users.id, demo.id)));
  if (!current?.id) await setCurrentProject(demo.id, viaduct.id, db);
  await db.insert(appMeta).values({ key: SEEDED_KEY, value: new Date().toISOString() }).onConflictDoNothing();
  return true;
}
