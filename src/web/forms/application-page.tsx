// Screen 2: the single-page application of en-uk and it-it, the catalogue's entry for the market
// and language rendered by the one form page.
import { formFor } from '#shared/forms/catalogue.ts';
import { useSite } from '../lib/site-context.tsx';
import { APPLICANT_SECTIONS } from './applicant-sections.tsx';
import { FormPage } from './form-page.tsx';

export function ApplicationPage() {
  const { variant } = useSite();
  return <FormPage form={formFor(variant)} sections={APPLICANT_SECTIONS} />;
}
