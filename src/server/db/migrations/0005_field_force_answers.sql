ALTER TABLE "call_entries" ADD COLUMN "next_visit" date;--> statement-breakpoint
ALTER TABLE "field_pharmacies" ADD COLUMN "answers" jsonb DEFAULT '{}'::jsonb NOT NULL;