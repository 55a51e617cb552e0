/** `npm run db:seed`: migrates, then seeds the demo account and tables if this database never had them. */
import "@/lib/outside-next";

const { closeConnection, connect } = await import("@/db/client");
const { migrateDatabase } = await import("@/db/migrate");
const { databaseOptions, exitOnBadEnv } = await import("@/lib/env");
const { seedDemo } = await import("@/lib/demo/seed");
const { DEMO_EMAIL, DEMO_PASSWORD } = await import("@/lib/demo/seed-data");

const connection = connect(databaseOptions(exitOnBadEnv()));
let seeded = false;
await migrateDatabase(connection, async (db) => {
  seeded = await seedDemo(db);
});
console.log(seeded ? `Demo data seeded. Demo account: ${DEMO_EMAIL} / ${DEMO_PASSWORD}` : "Demo data was already seeded; nothing changed.");
await closeConnection(connection);
