CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"edit_token" text NOT NULL,
	"country" text NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"email" text NOT NULL,
	"email_normalized" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"registration_body" text NOT NULL,
	"registration_number" text NOT NULL,
	"place_id" text NOT NULL,
	"photo" text,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_edit_token_unique" UNIQUE("edit_token")
);
--> statement-breakpoint
CREATE TABLE "captcha_used" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"storage_name" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" integer NOT NULL,
	"application_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"linked_at" timestamp with time zone,
	CONSTRAINT "files_storage_name_unique" UNIQUE("storage_name")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "pharmacies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"place_id" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"services" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pharmacies_place_id_unique" UNIQUE("place_id")
);
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_place_id_pharmacies_place_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."pharmacies"("place_id") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_email_unique" ON "applications" USING btree ("email_normalized");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_registration_unique" ON "applications" USING btree ("registration_body","registration_number");--> statement-breakpoint
CREATE INDEX "applications_place_id_idx" ON "applications" USING btree ("place_id");--> statement-breakpoint
CREATE INDEX "captcha_used_expires_idx" ON "captcha_used" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "files_application_id_idx" ON "files" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "files_unlinked_created_idx" ON "files" USING btree ("created_at") WHERE "files"."application_id" is null;