CREATE TABLE "record_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" uuid,
	"actor_role" text NOT NULL,
	"record" text NOT NULL,
	"record_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "record_views" ADD CONSTRAINT "record_views_actor_id_staff_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_views_at_idx" ON "record_views" USING btree ("at");--> statement-breakpoint
CREATE INDEX "record_views_record_idx" ON "record_views" USING btree ("record_id","at");--> statement-breakpoint
ALTER TABLE "csv_exports" ADD COLUMN "actor_role" text;--> statement-breakpoint
ALTER TABLE "csv_exports" ADD COLUMN "format" text;--> statement-breakpoint
ALTER TABLE "csv_exports" ADD COLUMN "field_pharmacy_ids" uuid[];--> statement-breakpoint
CREATE INDEX "csv_exports_field_pharmacy_ids_idx" ON "csv_exports" USING gin ("field_pharmacy_ids");
