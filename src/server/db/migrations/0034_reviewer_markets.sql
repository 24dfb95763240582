ALTER TABLE "staff_users" ADD COLUMN "review_markets" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_events" ADD COLUMN "markets" text[];
