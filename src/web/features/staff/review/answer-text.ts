// How the review desk words an application's answers (issue 25 item 8): each field by its label
// in the reviewer's language, each answer in words: a choice by its option's wording, the place by
// the pharmacy's name and address, the photo by what it is; never a stored code.
import { useTranslation } from 'react-i18next';
import { HOW_HEARD_OPTIONS, PROGRAMME_SOURCE_OPTIONS } from '#shared/reference/options.ts';

/** Pharmacies by place id: the names and addresses that the place answers stand for. */
export type PlaceNames = Record<string, { name: string; address: string }>;

/** Answers that are one of a list of options, and where each option's wording lives. */
const CHOICES: Record<string, { options: readonly string[]; key: string }> = {
  whereDidYouFindOutAboutUs: { options: HOW_HEARD_OPTIONS, key: 'howHeard' },
  howDidYouFindAboutTheProgram: { options: PROGRAMME_SOURCE_OPTIONS, key: 'programmeSource' },
};

/**
 * A field's label: the form's own wording, then its section's, then the shared form's, then the desk's;
 * a declaration by its words as the form put them ("I am a qualified pharmacist…"), not its number.
 */
export function useFieldLabel(formTexts: string) {
  const { t } = useTranslation();
  return (field: { name: string; texts: string }) => {
    const keys = (name: string) => [`${formTexts}.fieldNames.${name}`, `${field.texts}.fieldNames.${name}`, `form.fieldNames.${name}`, `review.fieldNames.${name}`];
    const own = t([...[formTexts, field.texts, 'form'].map((texts) => `${texts}.confirmations.${field.name}`), ...keys(field.name)], { defaultValue: '' });
    if (own) return own;
    // A repeated block's field (firstName2): the field's name and its block number.
    const base = field.name.replace(/\d+$/, '');
    return `${t(keys(base), { defaultValue: base })} ${field.name.slice(base.length)}`.trim();
  };
}

/** An answer in words, in the reviewer's language. */
export function useAnswerText(places: PlaceNames) {
  const { t } = useTranslation();
  return (name: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return t('review.values.empty');
    if (name === 'placeId' && typeof value === 'string') {
      const place = places[value];
      return place ? `${place.name}, ${place.address}` : t('review.checks.values.unknownPlace');
    }
    if (name === 'photo') return t('review.checks.values.photo');
    // The certificate's answer is the number of files given, each downloadable under its own heading.
    if (name === 'file') return t('review.values.certificate');
    const choice = CHOICES[name];
    if (choice && typeof value === 'string' && choice.options.includes(value)) return t(`${choice.key}.${value}`);
    if (value === true || value === 'true' || value === 'on' || value === 'yes') return t('review.values.yes');
    if (value === false || value === 'false' || value === 'no') return t('review.values.no');
    if (typeof value === 'object') return JSON.stringify(value);
    return String(value);
  };
}
