CREATE TABLE "review_claims" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"last_action_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_audit" ADD COLUMN "internal_note" text;--> statement-breakpoint
ALTER TABLE "review_claims" ADD CONSTRAINT "review_claims_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_claims" ADD CONSTRAINT "review_claims_reviewer_id_staff_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_claims_reviewer_idx" ON "review_claims" USING btree ("reviewer_id");