DROP TABLE "abt_parameters" CASCADE;--> statement-breakpoint
DROP TABLE "box_parameters" CASCADE;--> statement-breakpoint
DROP TABLE "coresetup_parameters" CASCADE;--> statement-breakpoint
DROP TABLE "dataset_columns" CASCADE;--> statement-breakpoint
DROP TABLE "dataset_revisions" CASCADE;--> statement-breakpoint
DROP TABLE "pier_parameters" CASCADE;--> statement-breakpoint
ALTER TABLE "revit_pushes" ALTER COLUMN "project_id" SET NOT NULL;