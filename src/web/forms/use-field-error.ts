import { useFormContext, type FieldErrors } from 'react-hook-form';
import { useErrorText } from '../lib/use-error-text.ts';

/** The translated error of the first of these fields that has one. */
export function useFieldError(...names: string[]): string | undefined {
  const {
    formState: { errors },
  } = useFormContext();
  const text = useErrorText();
  const all = errors as FieldErrors<Record<string, unknown>>;
  for (const name of names) {
    const message = all[name]?.message;
    if (typeof message === 'string' && message) return text(message);
  }
  return undefined;
}
