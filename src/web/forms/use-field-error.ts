import { useFormContext, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** Translates an error key, falling back to the generic message for keys we do not know. */
export function useErrorText(): (key: string) => string {
  const { t, i18n } = useTranslation();
  return (key: string) => t(i18n.exists(key) ? key : 'validation.invalid');
}

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
