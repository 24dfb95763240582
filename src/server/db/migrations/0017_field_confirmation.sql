CREATE TABLE "consent_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid,
	"field_pharmacy_id" uuid,
	"given_by" text NOT NULL,
	"staff_user_id" uuid,
	"statements" jsonb NOT NULL,
	"country" text NOT NULL,
	"language" text NOT NULL,
	"privacy_version" text NOT NULL,
	"terms_version" text NOT NULL,
	"given_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "csv_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" uuid,
	"area_manager_id" uuid,
	"rows" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "field_confirmation_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"field_pharmacy_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_rights_events" ALTER COLUMN "application_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "data_rights_links" ALTER COLUMN "application_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "mailbox" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "signed_in_field_by" uuid;--> statement-breakpoint
ALTER TABLE "data_rights_events" ADD COLUMN "field_pharmacy_id" uuid;--> statement-breakpoint
ALTER TABLE "data_rights_links" ADD COLUMN "mailbox" text;--> statement-breakpoint
ALTER TABLE "data_rights_links" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "data_rights_links" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "field_pharmacies" ADD COLUMN "pharmacist_mailbox" text;--> statement-breakpoint
ALTER TABLE "field_pharmacies" ADD COLUMN "pharmacist_status" text;--> statement-breakpoint
ALTER TABLE "field_pharmacies" ADD COLUMN "recorded_by" uuid;--> statement-breakpoint
ALTER TABLE "field_pharmacies" ADD COLUMN "confirmation_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "field_pharmacies" ADD COLUMN "confirmation_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "field_pharmacies" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "field_pharmacies" ADD COLUMN "confirmation_link_base" text;--> statement-breakpoint
ALTER TABLE "field_pharmacies" ADD COLUMN "confirmation_language" text;--> statement-breakpoint
ALTER TABLE "field_pharmacies" ADD COLUMN "application_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "mailbox" text;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_field_pharmacy_id_field_pharmacies_id_fk" FOREIGN KEY ("field_pharmacy_id") REFERENCES "public"."field_pharmacies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csv_exports" ADD CONSTRAINT "csv_exports_actor_id_staff_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_confirmation_links" ADD CONSTRAINT "field_confirmation_links_field_pharmacy_id_field_pharmacies_id_fk" FOREIGN KEY ("field_pharmacy_id") REFERENCES "public"."field_pharmacies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_records_application_idx" ON "consent_records" USING btree ("application_id","given_at");--> statement-breakpoint
CREATE INDEX "consent_records_field_pharmacy_idx" ON "consent_records" USING btree ("field_pharmacy_id","given_at");--> statement-breakpoint
CREATE INDEX "csv_exports_at_idx" ON "csv_exports" USING btree ("at");--> statement-breakpoint
CREATE INDEX "field_confirmation_links_pharmacy_idx" ON "field_confirmation_links" USING btree ("field_pharmacy_id");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_signed_in_field_by_staff_users_id_fk" FOREIGN KEY ("signed_in_field_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_pharmacies" ADD CONSTRAINT "field_pharmacies_recorded_by_staff_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_pharmacies" ADD CONSTRAINT "field_pharmacies_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_mailbox_idx" ON "applications" USING btree ("mailbox");--> statement-breakpoint
CREATE INDEX "data_rights_links_mailbox_idx" ON "data_rights_links" USING btree ("mailbox");--> statement-breakpoint
CREATE INDEX "field_pharmacies_pharmacist_mailbox_idx" ON "field_pharmacies" USING btree ("pharmacist_mailbox");--> statement-breakpoint
CREATE INDEX "field_pharmacies_awaiting_idx" ON "field_pharmacies" USING btree ("confirmation_requested_at") WHERE pharmacist_status = 'awaiting';--> statement-breakpoint
CREATE INDEX "mail_outbox_mailbox_idx" ON "mail_outbox" USING btree ("mailbox");
--> statement-breakpoint
-- Mailboxes of the rows written before this migration: case and +tag removed here; the IDN
-- spelling of a domain is made ASCII by services/mailbox.ts for every row written from now on.
UPDATE "applications" SET "mailbox" = regexp_replace(lower(trim("email")), '^([^+@]+)\+[^@]*@', '\1@');--> statement-breakpoint
UPDATE "mail_outbox" SET "mailbox" = regexp_replace(lower(trim("to")), '^([^+@]+)\+[^@]*@', '\1@');--> statement-breakpoint
UPDATE "data_rights_links" l SET "mailbox" = a."mailbox", "country" = a."country", "language" = a."language" FROM "applications" a WHERE a."id" = l."application_id";--> statement-breakpoint
-- Pharmacists recorded in the field before this migration never confirmed: they await it.
UPDATE "field_pharmacies" SET "pharmacist_mailbox" = regexp_replace(lower(trim("answers" ->> 'email')), '^([^+@]+)\+[^@]*@', '\1@'), "pharmacist_status" = 'awaiting', "confirmation_requested_at" = now(), "confirmation_language" = 'it'
  WHERE coalesce("answers" ->> 'email', '') <> '';
