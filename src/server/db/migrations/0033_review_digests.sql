CREATE TABLE "review_digests" (
	"reviewer_id" uuid NOT NULL,
	"market" text NOT NULL,
	"day" date NOT NULL,
	"applications" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_digests_reviewer_id_market_day_pk" PRIMARY KEY("reviewer_id","market","day")
);
--> statement-breakpoint
ALTER TABLE "review_digests" ADD CONSTRAINT "review_digests_reviewer_id_staff_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_digests_day_idx" ON "review_digests" USING btree ("day");
