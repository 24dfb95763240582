ALTER TABLE "drafts" ADD COLUMN "mailbox" text;--> statement-breakpoint
ALTER TABLE "drafts" ADD COLUMN "client_hash" text;--> statement-breakpoint
CREATE INDEX "drafts_mailbox_created_idx" ON "drafts" USING btree ("mailbox","created_at");--> statement-breakpoint
CREATE INDEX "drafts_client_created_idx" ON "drafts" USING btree ("client_hash","created_at");