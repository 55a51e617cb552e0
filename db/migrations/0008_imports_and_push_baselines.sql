CREATE TABLE "push_baselines" (
	"project_id" integer NOT NULL,
	"dataset" text NOT NULL,
	"user_id" integer NOT NULL,
	"push_id" uuid NOT NULL,
	"acked_at" timestamp with time zone NOT NULL,
	"rows" text NOT NULL,
	CONSTRAINT "push_baselines_project_id_dataset_user_id_pk" PRIMARY KEY("project_id","dataset","user_id")
);
--> statement-breakpoint
CREATE TABLE "table_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" integer NOT NULL,
	"dataset" text NOT NULL,
	"user_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_baselines" ADD CONSTRAINT "push_baselines_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_baselines" ADD CONSTRAINT "push_baselines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_imports" ADD CONSTRAINT "table_imports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_imports" ADD CONSTRAINT "table_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "table_imports_created_idx" ON "table_imports" USING btree ("created_at");