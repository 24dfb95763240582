// The pharmacists a rep records beside a field pharmacy's first one (spec §3: firstName2, email2, …;
// issue 39 item 7). Their answers stay numbered in the pharmacy's `answers` (the form, the CSV and
// the visit history read them there); which answers are whose is decided here, so that each person's
// page, export and erasure hold their own answers and never a colleague's.
import { repeatNumbers } from '#shared/forms/derive.ts';
import { sectionOf } from '#shared/forms/sections.ts';

const EXTRA = sectionOf('extra-pharmacists');
/** An extra pharmacist's fields, unnumbered (firstName, email, …). */
const EXTRA_FIELDS: readonly string[] = Object.keys(EXTRA.fields);

/** The extra pharmacist an answer is of (email2 -> 2); null for the first pharmacist's and the pharmacy's answers. */
function extraPharmacistOf(name: string): number | null {
  const numbered = /^(.*\D)(\d+)$/.exec(name);
  return numbered && EXTRA_FIELDS.includes(numbered[1]!) ? Number(numbered[2]) : null;
}

/** The numbers of the extra pharmacists `answers` holds, in order. */
export const extraPharmacistNumbers = (answers: Record<string, unknown>): number[] => repeatNumbers(EXTRA, answers);

/**
 * One pharmacist's answers: the first one's (`number` null: every answer but the extra
 * pharmacists'), or extra pharmacist `number`'s, unnumbered.
 */
export function ownAnswersOf(answers: Record<string, unknown>, number: number | null): Record<string, unknown> {
  if (number === null) return Object.fromEntries(Object.entries(answers).filter(([name]) => extraPharmacistOf(name) === null));
  return Object.fromEntries(EXTRA_FIELDS.filter((field) => answers[`${field}${number}`] !== undefined).map((field) => [field, answers[`${field}${number}`]]));
}

/** `answers` with extra pharmacist `number`'s answers replaced by `own` (unnumbered), or removed (null). */
export function withExtraPharmacist(answers: Record<string, unknown>, number: number, own: Record<string, unknown> | null): Record<string, unknown> {
  const others = Object.entries(answers).filter(([name]) => extraPharmacistOf(name) !== number);
  const theirs = own ? EXTRA_FIELDS.filter((field) => own[field] !== undefined).map((field) => [`${field}${number}`, own[field]]) : [];
  return Object.fromEntries([...others, ...theirs]);
}

/** `answers` without the extra pharmacists whose numbers `drop` holds. */
export const withoutExtraPharmacists = (answers: Record<string, unknown>, drop: (number: number) => boolean): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(answers).filter(([name]) => {
      const number = extraPharmacistOf(name);
      return number === null || !drop(number);
    }),
  );
