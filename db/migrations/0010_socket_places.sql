ALTER TABLE "revit_connections" ADD COLUMN "ready_at" timestamp with time zone;--> statement-breakpoint
-- Until now a row was written only when the add-in said hello: every existing row is a ready connection.
UPDATE "revit_connections" SET "ready_at" = "connected_at";
