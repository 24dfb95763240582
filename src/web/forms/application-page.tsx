// Screen 2: the single-page application of en-uk and it-it, the catalogue's entry for the market
// and language, loaded with its sections as a module of its own (decision 0086).
import { applicantFormIdFor } from '#shared/forms/form-for.ts';
import { useSite } from '../lib/site-context.tsx';
import { FormEntry } from './form-entry.tsx';

export function ApplicationPage() {
  const { variant } = useSite();
  return <FormEntry id={applicantFormIdFor(variant)} />;
}
