// The three-step application (spec §2 screens 4-6), one step per route: the catalogue's entry and its sections, loaded lazily by the page that opens it (decision 0086).
import { FORMS } from '#shared/forms/catalogue.ts';
import { FormPage, type EntryProps } from '../form-page.tsx';
import { STEPS_SECTIONS } from '../steps-sections.tsx';

export default function Entry(props: EntryProps) {
  return <FormPage form={FORMS['apply-steps']} sections={STEPS_SECTIONS} {...props} />;
}
