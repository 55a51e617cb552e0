/** `npm run db:migrate`: applies the committed migrations to DATABASE_URL, or to the embedded database. */
import { closeConnection, getConnection } from "./client";
import { migrateDatabase } from "./migrate";
import { exitOnBadEnv } from "@/lib/env";

exitOnBadEnv();
const connection = getConnection();
await migrateDatabase(connection);
console.log(`Migrations applied (${connection.kind === "pg" ? "PostgreSQL" : `embedded database in ${connection.dataDir}`}).`);
await closeConnection(connection);
