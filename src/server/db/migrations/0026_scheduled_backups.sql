CREATE TABLE "backup_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"host" text NOT NULL,
	"file" text NOT NULL,
	"bytes" bigint,
	"rows" integer,
	"verified" boolean NOT NULL,
	"error" text,
	"write_ms" integer,
	"verify_ms" integer
);
--> statement-breakpoint
CREATE INDEX "backup_runs_started_at_idx" ON "backup_runs" USING btree ("started_at");