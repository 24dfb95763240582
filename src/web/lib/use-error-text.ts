import { useTranslation } from 'react-i18next';

/** Translates an error key, falling back to the generic message for keys we do not know. */
export function useErrorText(): (key: string) => string {
  const { t, i18n } = useTranslation();
  return (key: string) => t(i18n.exists(key) ? key : 'validation.invalid');
}
