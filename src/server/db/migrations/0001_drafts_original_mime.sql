CREATE TABLE "drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"country" text NOT NULL,
	"language" text NOT NULL,
	"step" integer NOT NULL,
	"data" jsonb NOT NULL,
	"photo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "drafts_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "original_mime" text;--> statement-breakpoint
CREATE INDEX "drafts_expires_idx" ON "drafts" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "drafts_photo_idx" ON "drafts" USING btree ("photo");--> statement-breakpoint
CREATE INDEX "drafts_email_created_idx" ON "drafts" USING btree ("email","created_at");