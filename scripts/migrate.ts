/** `npm run db:migrate`: applies the committed migrations to DATABASE_URL, or to the embedded database. */
import "@/lib/outside-next";

const { closeConnection, connect } = await import("@/db/client");
const { migrateDatabase } = await import("@/db/migrate");
const { databaseOptions, exitOnBadEnv } = await import("@/lib/env");

const connection = connect(databaseOptions(exitOnBadEnv()));
await migrateDatabase(connection);
console.log(`Migrations applied (${connection.kind === "pg" ? "PostgreSQL" : `embedded database in ${connection.dataDir}`}).`);
await closeConnection(connection);
