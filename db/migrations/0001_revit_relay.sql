CREATE TABLE "dataset_revisions" (
	"dataset" text PRIMARY KEY NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revit_connections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_id" integer NOT NULL,
	"server_id" text NOT NULL,
	"client_name" text DEFAULT '' NOT NULL,
	"revit_version" text DEFAULT '' NOT NULL,
	"document" text DEFAULT '' NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revit_pushes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"dataset" text NOT NULL,
	"mode" text NOT NULL,
	"parameter" text,
	"row_count" integer NOT NULL,
	"payload" text,
	"payload_bytes" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"delivered_to" integer DEFAULT 0 NOT NULL,
	"errors" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"acked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "revit_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "revit_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "revit_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "revit_connections" ADD CONSTRAINT "revit_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revit_connections" ADD CONSTRAINT "revit_connections_token_id_revit_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."revit_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revit_pushes" ADD CONSTRAINT "revit_pushes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revit_tokens" ADD CONSTRAINT "revit_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revit_connections_user_idx" ON "revit_connections" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "revit_connections_token_idx" ON "revit_connections" USING btree ("token_id");--> statement-breakpoint
CREATE INDEX "revit_pushes_user_created_idx" ON "revit_pushes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "revit_pushes_user_status_idx" ON "revit_pushes" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "revit_tokens_user_id_idx" ON "revit_tokens" USING btree ("user_id");