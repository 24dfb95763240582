import { useMemo } from 'react';
import { useFormState, type FieldErrors } from 'react-hook-form';
import { useErrorText } from '../lib/use-error-text.ts';

/**
 * The translated error of the first of these fields that has one. It follows the fields' errors
 * itself (not the form's root render), so the form's memoised body need not render again for them.
 */
export function useFieldError(...names: string[]): string | undefined {
  const key = names.join('\n');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the same names give the same list
  const name = useMemo(() => names, [key]);
  const { errors } = useFormState({ name });
  const text = useErrorText();
  const all = errors as FieldErrors<Record<string, unknown>>;
  for (const name of names) {
    const message = all[name]?.message;
    if (typeof message === 'string' && message) return text(message);
  }
  return undefined;
}
