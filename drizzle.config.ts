import { defineConfig } from "drizzle-kit";

// drizzle-kit only diffs the schema into SQL files; the app applies them itself at start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.ts",
  out: "./db/migrations",
  strict: true,
  verbose: true,
});
