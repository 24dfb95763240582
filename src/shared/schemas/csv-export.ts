// The area manager's CSV export (GET /api/areamanager-accord-csv, decisions 0015 and 0025): the
// machine format (every pharmacy, codes as stored) or the readable one (the visits of a range of
// days, in words of the page's language). The browser checks the range with the same schema
// before it asks for the file.
import * as z from 'zod/mini';
import { LANGUAGES } from '../markets.ts';
import { CalendarDaySchema } from './field-force.ts';
import { ErrorKey } from './fields.ts';
import { optional } from './registration-common.ts';

const CSV_FORMATS = ['machine', 'readable'] as const;
type CsvFormat = (typeof CSV_FORMATS)[number];

const rangeFields = { from: optional(CalendarDaySchema), to: optional(CalendarDaySchema) };

/** `to` before `from` is the one error of a range whose days are both valid (ISO days compare as text). */
const inOrder = z.refine<{ from?: string; to?: string }>((range) => !range.from || !range.to || range.from <= range.to, {
  error: ErrorKey.dateRange,
  path: ['to'],
});

/** The readable export's days (Europe/Rome), both optional, both included: YYYY-MM-DD as a date input sends it, '' for none. */
export const VisitRangeSchema = z.object(rangeFields).check(inOrder);

/**
 * The export's query: `id` the area manager (checked by the access policy), `format` machine (the
 * default, unchanged since issue 12) or readable; `from`, `to` and `lang` (the language of the
 * words; the signed-in user's own when absent) belong to the readable format and are refused with
 * the machine one, which is never filtered or translated.
 */
export const CsvExportQuerySchema = z
  .object({
    id: z.string(),
    format: z._default(z.enum(CSV_FORMATS, { error: ErrorKey.invalid }), 'machine'),
    ...rangeFields,
    lang: optional(z.enum(LANGUAGES, { error: ErrorKey.invalid })),
  })
  .check(
    inOrder,
    ...(['from', 'to', 'lang'] as const).map((name) =>
      z.refine<{ format: CsvFormat; from?: string; to?: string; lang?: string }>((query) => query.format === 'readable' || query[name] === undefined, {
        error: ErrorKey.invalid,
        path: [name],
      }),
    ),
  );
