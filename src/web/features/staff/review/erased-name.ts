// What the review desk calls an application whose applicant erased their data (issue 25 item 8):
// "Erased application PC-XXXXXX", in the page's language, never the row's placeholders.
import type { TFunction } from 'i18next';

export const erasedName = (t: TFunction, reference: string | null): string =>
  reference ? t('review.checks.erased', { reference }) : t('review.checks.erasedNoReference');
