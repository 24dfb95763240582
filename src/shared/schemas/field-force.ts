// Field rules of the Italian field-force forms (spec §4, §5): the area manager's add-pharmacy,
// the rep visit and add-rep. Composed into payload schemas by src/shared/forms.
import * as z from 'zod/mini';
import { CALL_FLAGS } from '../reference/call-flags.ts';
import { ONCOLOGY_STATUSES } from '../reference/oncology-status.ts';
import { ITALIAN_PROVINCES, isItalianRegionId } from '../reference/italy.ts';
import { TEXT_MAX_LENGTH } from '../limits.ts';
import { ErrorKey, patterned, preprocess, trimmedString } from './fields.ts';
import { optional } from './registration-common.ts';

/** A staff user's, pharmacy's or area manager's id (a UUID). */
export const RecordIdSchema = patterned(/^[0-9a-f-]{36}$/);

export const CallFlagSchema = z.enum(CALL_FLAGS, { error: ErrorKey.choose });

export const OncologyStatusSchema = optional(z.enum(ONCOLOGY_STATUSES, { error: ErrorKey.choose }));

/** A month 1 to 12 (a form post sends it as a string). */
export const MonthSchema = preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z.number({ error: ErrorKey.choose }).check(z.int({ error: ErrorKey.choose }), z.gte(1, { error: ErrorKey.choose }), z.lte(12, { error: ErrorKey.choose })),
);

/** Italian VAT number (partita IVA): 11 digits. */
export const PivaSchema = z.pipe(
  z.string({ error: ErrorKey.required }).check(z.trim(), z.minLength(1, { error: ErrorKey.required })),
  patterned(/^\d{11}$/),
);

export const RegionSchema = z.custom<string>((v) => isItalianRegionId(v), { error: ErrorKey.choose });

const PROVINCE_CODES = new Set(ITALIAN_PROVINCES.map((p) => p.code as string));
export const ProvinceSchema = z.custom<string>((v) => typeof v === 'string' && PROVINCE_CODES.has(v), { error: ErrorKey.choose });

export const CitySchema = trimmedString(TEXT_MAX_LENGTH, ErrorKey.selectCity);
