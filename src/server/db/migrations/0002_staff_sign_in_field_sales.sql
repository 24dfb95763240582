CREATE TABLE "auth_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"event" text NOT NULL,
	"email" text,
	"user_id" uuid,
	"ip" text,
	"user_agent" text,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "call_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by_user_id" uuid,
	"call_flag" text NOT NULL,
	"month" integer,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "field_pharmacies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"area_manager_id" uuid NOT NULL,
	"sales_rep_id" uuid,
	"name" text NOT NULL,
	"full_address" text NOT NULL,
	"place_id" text,
	"lat" double precision,
	"lng" double precision,
	"city" text,
	"region" text,
	"province" text,
	"onc_status" text,
	"current_call_flag" text,
	"month" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"binding_hash" text,
	"return_to" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"mfa_passed" boolean DEFAULT false NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "staff_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"role" text NOT NULL,
	"area_manager_id" uuid,
	"language" text DEFAULT 'it' NOT NULL,
	"totp_secret" text,
	"totp_enabled_at" timestamp with time zone,
	"totp_last_step" integer,
	"totp_failures" integer DEFAULT 0 NOT NULL,
	"totp_locked_until" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_events" ADD CONSTRAINT "auth_events_user_id_staff_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_entries" ADD CONSTRAINT "call_entries_pharmacy_id_field_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "public"."field_pharmacies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_entries" ADD CONSTRAINT "call_entries_by_user_id_staff_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_pharmacies" ADD CONSTRAINT "field_pharmacies_area_manager_id_staff_users_id_fk" FOREIGN KEY ("area_manager_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_pharmacies" ADD CONSTRAINT "field_pharmacies_sales_rep_id_staff_users_id_fk" FOREIGN KEY ("sales_rep_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_links" ADD CONSTRAINT "sign_in_links_user_id_staff_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_user_id_staff_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_area_manager_id_staff_users_id_fk" FOREIGN KEY ("area_manager_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_events_at_idx" ON "auth_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "auth_events_email_event_idx" ON "auth_events" USING btree ("email","event","at");--> statement-breakpoint
CREATE INDEX "call_entries_pharmacy_at_idx" ON "call_entries" USING btree ("pharmacy_id","at");--> statement-breakpoint
CREATE INDEX "field_pharmacies_area_manager_idx" ON "field_pharmacies" USING btree ("area_manager_id");--> statement-breakpoint
CREATE INDEX "field_pharmacies_sales_rep_idx" ON "field_pharmacies" USING btree ("sales_rep_id");--> statement-breakpoint
CREATE UNIQUE INDEX "field_pharmacies_place_id_unique" ON "field_pharmacies" USING btree ("place_id");--> statement-breakpoint
CREATE INDEX "sign_in_links_user_idx" ON "sign_in_links" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sign_in_links_expires_idx" ON "sign_in_links" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "staff_sessions_user_idx" ON "staff_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_users_email_unique" ON "staff_users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "staff_users_area_manager_idx" ON "staff_users" USING btree ("area_manager_id");