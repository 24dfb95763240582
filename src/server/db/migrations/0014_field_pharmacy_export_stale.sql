-- A safety net for the stored CSV export records (services/export-lines.ts): an update that changes
-- what the record shows but does not write the record marks it stale, so the export renders that
-- row from its fields and never shows a value the row no longer holds.
CREATE FUNCTION field_pharmacies_export_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.export_head IS NOT DISTINCT FROM OLD.export_head
     AND NEW.export_tail IS NOT DISTINCT FROM OLD.export_tail
     AND (NEW.id, NEW.name, NEW.full_address, NEW.place_id, NEW.lat, NEW.lng, NEW.city, NEW.region, NEW.province,
          NEW.onc_status, NEW.current_call_flag, NEW.month, NEW.answers, NEW.created_at)
         IS DISTINCT FROM
         (OLD.id, OLD.name, OLD.full_address, OLD.place_id, OLD.lat, OLD.lng, OLD.city, OLD.region, OLD.province,
          OLD.onc_status, OLD.current_call_flag, OLD.month, OLD.answers, OLD.created_at)
  THEN
    NEW.export_format := NULL;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER field_pharmacies_export_stale BEFORE UPDATE ON field_pharmacies FOR EACH ROW EXECUTE FUNCTION field_pharmacies_export_stale();
