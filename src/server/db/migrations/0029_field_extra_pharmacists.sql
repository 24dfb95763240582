CREATE TABLE "field_extra_pharmacists" (
	"field_pharmacy_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"pharmacist_mailbox" text,
	"pharmacist_status" text NOT NULL,
	"recorded_by" uuid,
	"confirmation_requested_at" timestamp with time zone NOT NULL,
	"confirmation_reminded_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"confirmation_link_base" text,
	"confirmation_language" text,
	"application_id" uuid,
	CONSTRAINT "field_extra_pharmacists_field_pharmacy_id_number_pk" PRIMARY KEY("field_pharmacy_id","number")
);
--> statement-breakpoint
ALTER TABLE "field_confirmation_links" ADD COLUMN "extra_pharmacist" integer;--> statement-breakpoint
ALTER TABLE "field_extra_pharmacists" ADD CONSTRAINT "field_extra_pharmacists_field_pharmacy_id_field_pharmacies_id_fk" FOREIGN KEY ("field_pharmacy_id") REFERENCES "public"."field_pharmacies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_extra_pharmacists" ADD CONSTRAINT "field_extra_pharmacists_recorded_by_staff_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_extra_pharmacists" ADD CONSTRAINT "field_extra_pharmacists_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "field_extra_pharmacists_mailbox_idx" ON "field_extra_pharmacists" USING btree ("pharmacist_mailbox");--> statement-breakpoint
CREATE INDEX "field_extra_pharmacists_awaiting_idx" ON "field_extra_pharmacists" USING btree ("confirmation_requested_at") WHERE pharmacist_status = 'awaiting';