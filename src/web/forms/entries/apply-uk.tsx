// The single-page application of en-uk (spec §2 screen 2): the catalogue's entry and its sections, loaded lazily by the page that opens it (decision 0086).
import { FORMS } from '#shared/forms/catalogue.ts';
import { FormPage, type EntryProps } from '../form-page.tsx';
import { APPLICANT_SECTIONS } from '../applicant-sections.tsx';

export default function Entry(props: EntryProps) {
  return <FormPage form={FORMS['apply-uk']} sections={APPLICANT_SECTIONS} {...props} />;
}
