CREATE TABLE "row_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "row_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"dataset" text NOT NULL,
	"row_id" integer NOT NULL,
	"version" integer NOT NULL,
	"action" text NOT NULL,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"batch_id" uuid
);
--> statement-breakpoint
ALTER TABLE "row_history" ADD CONSTRAINT "row_history_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "row_history" ADD CONSTRAINT "row_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "row_history_row_idx" ON "row_history" USING btree ("project_id","dataset","row_id","id");--> statement-breakpoint
CREATE INDEX "row_history_table_idx" ON "row_history" USING btree ("project_id","dataset","id");