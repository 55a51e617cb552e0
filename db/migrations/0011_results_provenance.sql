ALTER TABLE "midas_results" ADD COLUMN "fetched_by" integer;--> statement-breakpoint
ALTER TABLE "midas_results" ADD COLUMN "source" text DEFAULT 'analysis' NOT NULL;--> statement-breakpoint
ALTER TABLE "midas_results" ADD CONSTRAINT "midas_results_fetched_by_users_id_fk" FOREIGN KEY ("fetched_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Results stored before: read by their analysis run, through the connection of the engineer who started it.
UPDATE "midas_results" SET "fetched_by" = "midas_runs"."user_id" FROM "midas_runs" WHERE "midas_runs"."id" = "midas_results"."analysis_id";
