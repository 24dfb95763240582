CREATE TABLE "data_rights_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"event" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_rights_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_rights_links" ADD CONSTRAINT "data_rights_links_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_rights_events_application_idx" ON "data_rights_events" USING btree ("application_id","at");--> statement-breakpoint
CREATE INDEX "data_rights_links_application_idx" ON "data_rights_links" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "data_rights_links_expires_idx" ON "data_rights_links" USING btree ("expires_at");