// Screens 4-6: the three-step application at /form/1..3 (Germany, and every pair other than en-uk
// and it-it), the catalogue's entry rendered by the one form page, one step per route.
import { FORMS } from '#shared/forms/catalogue.ts';
import { FormPage } from './form-page.tsx';
import { STEPS_SECTIONS } from './steps-sections.tsx';

export function StepsApplicationPage({ step }: { step: 1 | 2 | 3 }) {
  return <FormPage form={FORMS['apply-steps']} sections={STEPS_SECTIONS} step={step} />;
}
