-- No working key at rest (issue 36 item 4, docs/decisions/0042): the edit link's token is kept only as its SHA-256.
ALTER TABLE "applications" ADD COLUMN "edit_token_hash" text;--> statement-breakpoint
ALTER TABLE "applications" ALTER COLUMN "edit_token" DROP NOT NULL;--> statement-breakpoint
-- Backfill: every edit token's hash (hex of the token's UTF-8 bytes, as services/tokens.ts hashToken); the token is
-- cleared in the same update, so the row versions written from here on no longer hold it.
UPDATE "applications" SET "edit_token_hash" = encode(sha256(convert_to("edit_token", 'UTF8')), 'hex'), "edit_token" = NULL;--> statement-breakpoint
ALTER TABLE "applications" ALTER COLUMN "edit_token_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" DROP CONSTRAINT "applications_edit_token_unique";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "edit_token";--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_edit_token_hash_unique" UNIQUE("edit_token_hash");--> statement-breakpoint
-- A delivered mail keeps no working link: the bodies of the mails already sent are dropped (mails not yet sent keep theirs).
UPDATE "mail_outbox" SET "text" = '', "html" = NULL WHERE "sent_at" IS NOT NULL;
