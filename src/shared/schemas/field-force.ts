// Field rules of the Italian field-force forms (spec §4, §5): the area manager's add-pharmacy,
// the rep visit and add-rep. Composed into payload schemas by src/shared/forms.
import * as z from 'zod/mini';
import { CALL_FLAGS } from '../reference/call-flags.ts';
import { ONCOLOGY_STATUSES } from '../reference/oncology-status.ts';
import { ITALIAN_PROVINCES, isItalianRegionId } from '../reference/italy.ts';
import { TEXT_MAX_LENGTH } from '../limits.ts';
import { ErrorKey, OptionalFreeText, preprocess, trimmedString } from './fields.ts';
import { optional } from './registration-common.ts';

export const CallFlagSchema = z.enum(CALL_FLAGS, { error: ErrorKey.choose });

export const OncologyStatusSchema = optional(z.enum(ONCOLOGY_STATUSES, { error: ErrorKey.choose }));

/** A month 1 to 12 (a form post sends it as a string). */
export const MonthSchema = preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z.number({ error: ErrorKey.choose }).check(z.int({ error: ErrorKey.choose }), z.gte(1, { error: ErrorKey.choose }), z.lte(12, { error: ErrorKey.choose })),
);

/**
 * Whether 11 digits are a partita IVA: the last is the check digit of the first ten (digits in odd
 * places summed as they are, those in even places doubled, less 9 when over 9; the check digit
 * brings the total to a multiple of 10).
 */
function isValidPiva(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const digit = Number(value[i]);
    const doubled = digit * 2;
    sum += i % 2 === 0 ? digit : doubled > 9 ? doubled - 9 : doubled;
  }
  return (10 - (sum % 10)) % 10 === Number(value[10]);
}

/** Italian VAT number (partita IVA): 11 digits with their check digit. */
export const PivaSchema = z.pipe(
  z.string({ error: ErrorKey.required }).check(z.trim(), z.minLength(1, { error: ErrorKey.required })),
  z.string().check(z.regex(/^\d{11}$/, { error: ErrorKey.invalid }), z.refine(isValidPiva, { error: ErrorKey.piva, abort: true })),
);

/** The short note of a call-history entry. */
export const VisitNoteSchema = optional(OptionalFreeText());

/** A real calendar day, YYYY-MM-DD (what a native date input sends). */
export const CalendarDaySchema = z.string({ error: ErrorKey.date }).check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: ErrorKey.date }),
  z.refine(
    (v) => {
      const day = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === v;
    },
    { error: ErrorKey.date },
  ),
);

/** The next visit's day (YYYY-MM-DD, a real calendar day). */
export const NextVisitSchema = optional(CalendarDaySchema);

export const RegionSchema = z.custom<string>((v) => isItalianRegionId(v), { error: ErrorKey.choose });

const PROVINCE_CODES = new Set(ITALIAN_PROVINCES.map((p) => p.code as string));
export const ProvinceSchema = z.custom<string>((v) => typeof v === 'string' && PROVINCE_CODES.has(v), { error: ErrorKey.choose });

export const CitySchema = trimmedString(TEXT_MAX_LENGTH, ErrorKey.selectCity);
