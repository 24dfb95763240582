CREATE TABLE "joins_digests" (
	"area_manager_id" uuid NOT NULL,
	"day" date NOT NULL,
	"joins" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "joins_digests_area_manager_id_day_pk" PRIMARY KEY("area_manager_id","day")
);
--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "joins_digest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "joins_digests" ADD CONSTRAINT "joins_digests_area_manager_id_staff_users_id_fk" FOREIGN KEY ("area_manager_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "joins_digests_day_idx" ON "joins_digests" USING btree ("day");--> statement-breakpoint
CREATE INDEX "call_entries_by_user_at_idx" ON "call_entries" USING btree ("by_user_id","at");--> statement-breakpoint
CREATE INDEX "call_entries_joined_at_idx" ON "call_entries" USING btree ("at") WHERE call_flag = 'joined_unify';