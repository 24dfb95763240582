// The rep's visit (spec §2 screen 12): the catalogue's entry and its sections, loaded lazily by the rep's form page (decision 0086).
import { useEffect } from 'react';
import { FORMS } from '#shared/forms/catalogue.ts';
import { FormPage, type EntryProps } from '../form-page.tsx';
import { loadExtraPharmacists, REP_VISIT_SECTIONS } from '../rep-visit-sections.tsx';

export default function Entry(props: EntryProps) {
  // Joining shows the extra pharmacists: their code is fetched now, while there is a connection.
  useEffect(() => {
    void loadExtraPharmacists().catch(() => undefined);
  }, []);
  return <FormPage form={FORMS['rep-visit']} sections={REP_VISIT_SECTIONS} {...props} />;
}
