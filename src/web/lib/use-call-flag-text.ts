// A call flag as every staff page words it: its label in the page's language (reference.json),
// the rep's and the manager's pages alike (issue 24 item 5, decision 0028). A code no file names
// yet reads as spec §2 shows codes: underscores as spaces, each word capitalised.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { callFlagLabel } from '#shared/reference/call-flags.ts';

export function useCallFlagText(): (flag: string) => string {
  const { t } = useTranslation();
  return useCallback((flag: string) => t(`callFlag.${flag}`, { defaultValue: callFlagLabel(flag) }), [t]);
}
