CREATE TABLE "field_signup_lapses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"market" text NOT NULL,
	"field_pharmacy_id" uuid NOT NULL,
	"extra_pharmacist" integer
);
--> statement-breakpoint
CREATE INDEX "field_signup_lapses_at_idx" ON "field_signup_lapses" USING btree ("at");--> statement-breakpoint
CREATE TABLE "report_downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" uuid,
	"report" text NOT NULL,
	"from_day" date,
	"to_day" date,
	"rows" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_downloads" ADD CONSTRAINT "report_downloads_actor_id_staff_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_downloads_at_idx" ON "report_downloads" USING btree ("at");
