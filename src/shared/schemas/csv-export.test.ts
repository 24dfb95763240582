import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { fieldErrors } from './api.ts';
import { CsvExportQuerySchema, VisitRangeSchema } from './csv-export.ts';

const ID = '11111111-2222-3333-4444-555555555555';
const errorsOf = (schema: z.ZodMiniType, input: unknown) => {
  const parsed = z.safeParse(schema, input);
  return parsed.success ? null : fieldErrors(parsed.error);
};

describe('CsvExportQuerySchema', () => {
  it('is the machine format by default, with no range or language', () => {
    expect(z.parse(CsvExportQuerySchema, { id: ID })).toEqual({ id: ID, format: 'machine' });
  });

  it('takes a readable export with a range of real days, either end optional, empty inputs as none', () => {
    expect(z.parse(CsvExportQuerySchema, { id: ID, format: 'readable', from: '2026-11-01', to: '2026-11-30', lang: 'it' })).toEqual({
      id: ID,
      format: 'readable',
      from: '2026-11-01',
      to: '2026-11-30',
      lang: 'it',
    });
    expect(z.parse(CsvExportQuerySchema, { id: ID, format: 'readable', from: '', to: '2026-02-28' })).toEqual({ id: ID, format: 'readable', to: '2026-02-28' });
    expect(z.parse(CsvExportQuerySchema, { id: ID, format: 'readable', from: '2026-11-30', to: '2026-11-30' })).toMatchObject({
      from: '2026-11-30',
      to: '2026-11-30',
    });
  });

  it('names the field of each mistake', () => {
    expect(errorsOf(CsvExportQuerySchema, { id: ID, format: 'readable', from: '2026-02-30', to: '31/12/2026' })).toEqual({
      from: 'validation.date',
      to: 'validation.date',
    });
    expect(errorsOf(CsvExportQuerySchema, { id: ID, format: 'readable', from: '2026-12-01', to: '2026-11-30' })).toEqual({ to: 'validation.dateRange' });
    expect(errorsOf(CsvExportQuerySchema, { id: ID, format: 'pretty' })).toEqual({ format: 'validation.invalid' });
    expect(errorsOf(CsvExportQuerySchema, { id: ID, format: 'readable', lang: 'fr' })).toEqual({ lang: 'validation.invalid' });
  });

  it('refuses a range or a language with the machine format, which is never filtered or translated', () => {
    expect(errorsOf(CsvExportQuerySchema, { id: ID, from: '2026-11-01', lang: 'en' })).toEqual({ from: 'validation.invalid', lang: 'validation.invalid' });
  });
});

describe('VisitRangeSchema (the browser’s check of the same range)', () => {
  it('agrees with the query', () => {
    expect(errorsOf(VisitRangeSchema, { from: '', to: '' })).toBeNull();
    expect(errorsOf(VisitRangeSchema, { from: '2026-12-01', to: '2026-11-30' })).toEqual({ to: 'validation.dateRange' });
    expect(errorsOf(VisitRangeSchema, { from: 'ieri', to: '' })).toEqual({ from: 'validation.date' });
  });
});
