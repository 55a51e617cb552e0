/** `npm run db:seed`: migrates, then seeds the demo account and tables if this database never had them. */
import { closeConnection, getConnection } from "./client";
import { migrateDatabase } from "./migrate";
import { seedDemo } from "./seed";
import { DEMO_EMAIL, DEMO_PASSWORD } from "./seed-data";
import { exitOnBadEnv } from "@/lib/env";

exitOnBadEnv();
const connection = getConnection();
let seeded = false;
await migrateDatabase(connection, async (db) => {
  seeded = await seedDemo(db);
});
console.log(seeded ? `Demo data seeded. Demo account: ${DEMO_EMAIL} / ${DEMO_PASSWORD}` : "Demo data was already seeded; nothing changed.");
await closeConnection(connection);
