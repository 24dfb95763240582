CREATE TABLE "finder_changes" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "finder_changes_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"market" text NOT NULL,
	"listing_id" uuid NOT NULL,
	"op" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finder_feed" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"epoch" uuid DEFAULT gen_random_uuid() NOT NULL,
	"pruned_through" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "finder_changes_market_seq_idx" ON "finder_changes" USING btree ("market","seq");--> statement-breakpoint
CREATE INDEX "finder_changes_at_idx" ON "finder_changes" USING btree ("at");--> statement-breakpoint
INSERT INTO "finder_feed" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The finder's change feed (docs/decisions/0051): every write to applications that changes what
-- the finder lists records the listing ids it delisted ('delete') and listed or changed ('upsert').
-- Listed: approved with a pin. The advisory lock, held to the commit, makes seq order commit order,
-- so a reader that saw seq N never later meets a smaller seq committing; NOTIFY tells every server.
CREATE FUNCTION "finder_changes_of_applications"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_listed boolean := TG_OP <> 'INSERT' AND OLD.status = 'approved' AND OLD.lat IS NOT NULL AND OLD.lng IS NOT NULL;
  new_listed boolean := TG_OP <> 'DELETE' AND NEW.status = 'approved' AND NEW.lat IS NOT NULL AND NEW.lng IS NOT NULL;
  same_listing boolean := old_listed AND new_listed AND OLD.listing_id = NEW.listing_id AND OLD.country = NEW.country;
  last_seq bigint;
BEGIN
  IF old_listed AND NOT same_listing THEN
    PERFORM pg_advisory_xact_lock(4600203800);
    INSERT INTO finder_changes (market, listing_id, op) VALUES (OLD.country, OLD.listing_id, 'delete') RETURNING seq INTO last_seq;
  END IF;
  IF new_listed AND (NOT same_listing OR (OLD.first_name, OLD.photo, OLD.lat, OLD.lng, OLD.answers ->> 'whereYouWork', OLD.answers ->> 'address', OLD.answers ->> 'services', OLD.answers ->> 'anythingElseAboutYou')
      IS DISTINCT FROM (NEW.first_name, NEW.photo, NEW.lat, NEW.lng, NEW.answers ->> 'whereYouWork', NEW.answers ->> 'address', NEW.answers ->> 'services', NEW.answers ->> 'anythingElseAboutYou')) THEN
    PERFORM pg_advisory_xact_lock(4600203800);
    INSERT INTO finder_changes (market, listing_id, op) VALUES (NEW.country, NEW.listing_id, 'upsert') RETURNING seq INTO last_seq;
  END IF;
  IF last_seq IS NOT NULL THEN
    PERFORM pg_notify('finder_listings', last_seq::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "finder_changes_of_applications" AFTER INSERT OR UPDATE OR DELETE ON "applications" FOR EACH ROW EXECUTE FUNCTION "finder_changes_of_applications"();
