import { describe, expect, it } from 'vitest';
import { EmailSchema, MANUAL_PLACE_ID, ManualAddressSchema, newManualPlaceId, PlaceFields } from './fields.ts';

const check = (value: unknown) => {
  const parsed = EmailSchema.safeParse(value);
  return parsed.success ? { ok: parsed.data } : { error: parsed.error.issues[0]?.message };
};

describe('EmailSchema', () => {
  it('accepts ordinary addresses, trimmed', () => {
    expect(check(' giulia.rossi+lavoro@example.it ')).toEqual({ ok: 'giulia.rossi+lavoro@example.it' });
    expect(check("o'brien@sub.example.co.uk")).toEqual({ ok: "o'brien@sub.example.co.uk" });
  });

  it('accepts internationalised domains, in Unicode or punycode, and keeps them as entered (NFC)', () => {
    for (const address of [
      'anna@bücher.de',
      'luca@esempio.italia',
      'anna@xn--bcher-kva.de',
      'ivan@пример.рф',
      'ivan@example.xn--p1ai',
      'taro@例え.テスト',
      'somchai@ตัวอย่าง.ไทย',
    ]) {
      expect(check(address)).toEqual({ ok: address });
    }
    // "ü" typed as u + combining diaeresis is stored as the one character.
    expect(check('anna@bu\u0308cher.de')).toEqual({ ok: 'anna@b\u00fccher.de' });
  });

  it('keeps refusing what is not an address', () => {
    for (const garbage of [
      'anna',
      'anna@',
      '@bücher.de',
      'anna@bücher',
      'anna@bücher.d',
      'anna@-bücher.de',
      'anna@bücher-.de',
      'anna@bü cher.de',
      'an na@example.de',
      'anna@@example.de',
      '.anna@example.de',
      'an..na@example.de',
      'anna@exa..mple.de',
      'anna@exa_mple.de',
      'anna@example.de.',
      'anna@example.123',
      'anna@example.xn--',
      'ánna@example.de',
      'anna@ex<ample>.de',
      'anna@example.de\u0000',
    ]) {
      expect(check(garbage), garbage).toEqual({ error: 'validation.email' });
    }
    expect(check('   ')).toEqual({ error: 'validation.required' });
    expect(check(`a@${'b'.repeat(250)}.de`)).toEqual({ error: 'validation.tooLong' });
  });
});

describe('place id rule', () => {
  const check = (value: unknown) => {
    const parsed = PlaceFields.placeId.safeParse(value);
    return parsed.success ? { ok: parsed.data } : { error: parsed.error.issues[0]?.message };
  };

  it("accepts the providers' ids and manual ones, trimmed", () => {
    const manual = newManualPlaceId();
    for (const id of ['fixture:uk:001', 'osm:N123', 'ChIJN1t_tDeuEmsRUsoyG83frY4', manual]) expect(check(id)).toEqual({ ok: id });
    expect(check(` ${manual} `)).toEqual({ ok: manual });
  });

  it('refuses empty, blank, non-text and overlong ids with the place message', () => {
    for (const bad of ['', '   ', null, 42, 'x'.repeat(301)]) expect(check(bad)).toEqual({ error: 'validation.placeRequired' });
  });

  it('makes manual ids of the manual shape, a new one each time', () => {
    const ids = Array.from({ length: 50 }, () => newManualPlaceId());
    for (const id of ids) expect(id).toMatch(MANUAL_PLACE_ID);
    expect(new Set(ids).size).toBe(50);
  });
});

describe('ManualAddressSchema', () => {
  it('keeps a typed address, trimmed, and refuses too short or too long ones', () => {
    expect(ManualAddressSchema.safeParse('  12 Briggate, Leeds ').data).toBe('12 Briggate, Leeds');
    for (const short of ['', '    ', 'Leed', undefined])
      expect(ManualAddressSchema.safeParse(short).error?.issues[0]?.message).toBe('validation.addressRequired');
    expect(ManualAddressSchema.safeParse('a'.repeat(201)).error?.issues[0]?.message).toBe('validation.tooLong');
  });
});
