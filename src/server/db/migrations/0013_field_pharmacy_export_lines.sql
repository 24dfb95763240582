ALTER TABLE "field_pharmacies" ADD COLUMN "export_head" text;--> statement-breakpoint
ALTER TABLE "field_pharmacies" ADD COLUMN "export_tail" text;--> statement-breakpoint
ALTER TABLE "field_pharmacies" ADD COLUMN "export_format" text;