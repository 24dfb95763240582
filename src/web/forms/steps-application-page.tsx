// Screens 4-6: the three-step application at /form/1..3 (Germany, and every pair other than en-uk
// and it-it), the catalogue's entry rendered by the one form page, one step per route; the entry
// and its sections load as a module of their own (decision 0086).
import { FormEntry } from './form-entry.tsx';

export function StepsApplicationPage({ step }: { step: 1 | 2 | 3 }) {
  return <FormEntry id="apply-steps" step={step} />;
}
