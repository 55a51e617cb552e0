ALTER TABLE "projects" ADD COLUMN "midas_model_path" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "midas_saved_as" text;