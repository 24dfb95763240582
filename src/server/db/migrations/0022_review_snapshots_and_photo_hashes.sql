CREATE TABLE "review_snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"audit_id" uuid,
	"taken_at" timestamp with time zone NOT NULL,
	"answers" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "review_snapshots" ADD CONSTRAINT "review_snapshots_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_snapshots" ADD CONSTRAINT "review_snapshots_audit_id_review_audit_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."review_audit"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_snapshots_application_taken_idx" ON "review_snapshots" USING btree ("application_id","taken_at");--> statement-breakpoint
CREATE INDEX "files_sha256_idx" ON "files" USING btree ("sha256") WHERE "files"."sha256" is not null;--> statement-breakpoint
-- Backfill: the hash of every stored file's bytes (files moved in from DATA_DIR later get theirs as they move).
UPDATE "files" SET "sha256" = encode(sha256(c."content"), 'hex') FROM "file_contents" c WHERE c."file_id" = "files"."id" AND "files"."sha256" IS NULL;--> statement-breakpoint
-- Backfill: an application waiting for the applicant's changes keeps its answers as they are now, taken at its latest change request.
INSERT INTO "review_snapshots" ("application_id", "audit_id", "taken_at", "answers")
SELECT a."id", r."id", coalesce(r."at", a."updated_at"), a."answers"
FROM "applications" a
LEFT JOIN LATERAL (SELECT ra."id", ra."at" FROM "review_audit" ra WHERE ra."application_id" = a."id" AND ra."action" = 'request_changes' ORDER BY ra."at" DESC LIMIT 1) r ON true
WHERE a."status" = 'changes_requested';
