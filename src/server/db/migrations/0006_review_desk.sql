CREATE TABLE "review_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"application_id" uuid,
	"actor_id" uuid,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "edit_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "submitted_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "review_audit" ADD CONSTRAINT "review_audit_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_audit" ADD CONSTRAINT "review_audit_actor_id_staff_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_audit_application_at_idx" ON "review_audit" USING btree ("application_id","at");--> statement-breakpoint
CREATE INDEX "applications_status_submitted_idx" ON "applications" USING btree ("status","submitted_at","id");--> statement-breakpoint
CREATE INDEX "applications_country_status_submitted_idx" ON "applications" USING btree ("country","status","submitted_at","id");--> statement-breakpoint
CREATE INDEX "applications_submitted_idx" ON "applications" USING btree ("submitted_at","id");--> statement-breakpoint
CREATE INDEX "applications_email_prefix_idx" ON "applications" USING btree ("email_normalized" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "applications_registration_prefix_idx" ON "applications" USING btree (lower("registration_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "applications_first_name_prefix_idx" ON "applications" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "applications_last_name_prefix_idx" ON "applications" USING btree (lower("last_name") text_pattern_ops);