// The single-page application of it-it (spec §2 screen 2, Italian): the catalogue's entry and its sections, loaded lazily by the page that opens it (decision 0086).
import { FORMS } from '#shared/forms/catalogue.ts';
import { FormPage, type EntryProps } from '../form-page.tsx';
import { APPLICANT_SECTIONS } from '../applicant-sections.tsx';

export default function Entry(props: EntryProps) {
  return <FormPage form={FORMS['apply-it']} sections={APPLICANT_SECTIONS} {...props} />;
}
