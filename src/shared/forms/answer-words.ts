// How an application's answers are worded (issue 25 item 8, issue 41 item 5): each field by its
// label in a language, each answer in words: a choice by its option's wording, the place by the
// pharmacy's name and address, the photo by what it is; never a stored code. One piece for the
// review desk (through i18next) and the applicant's PDF copy (through the server's texts.ts).
import { HOW_HEARD_OPTIONS, PROGRAMME_SOURCE_OPTIONS } from '../reference/options.ts';

/** The message of the first of the keys that has one, else the fallback. */
export type Words = (keys: string[], fallback: string) => string;

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
export function fieldLabel(words: Words, formTexts: string, field: { name: string; texts: string }): string {
  const keys = (name: string) => [
    `${formTexts}.fieldNames.${name}`,
    `${field.texts}.fieldNames.${name}`,
    `form.fieldNames.${name}`,
    `review.fieldNames.${name}`,
  ];
  const own = words([...[formTexts, field.texts, 'form'].map((texts) => `${texts}.confirmations.${field.name}`), ...keys(field.name)], '');
  if (own) return own;
  // A repeated block's field (firstName2): the field's name and its block number.
  const base = field.name.replace(/\d+$/, '');
  return `${words(keys(base), base)} ${field.name.slice(base.length)}`.trim();
}

/** An answer in words. */
export function answerText(words: Words, places: PlaceNames, name: string, value: unknown): string {
  const t = (key: string) => words([key], key);
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
}
