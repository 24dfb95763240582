ALTER TABLE "applications" ADD COLUMN "status_token_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_status_token_hash_unique" ON "applications" USING btree ("status_token_hash");