CREATE TABLE "daily_quota" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"day" date NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "daily_quota_scope_key_day_pk" PRIMARY KEY("scope","key","day")
);
--> statement-breakpoint
CREATE INDEX "daily_quota_day_idx" ON "daily_quota" USING btree ("day");