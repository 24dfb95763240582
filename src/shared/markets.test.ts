import { describe, expect, it } from 'vitest';
import {
  editRedirectTarget,
  firstFormPath,
  parseMarketHosts,
  resolveLanguage,
  resolveMarket,
  resolveVariant,
  type Country,
  type Language,
  type Mode,
} from './markets.ts';

// Every one of the 27 (country, language, mode) combinations of spec §2, written out.
// [country, language, mode] -> [layout, modePrefix, served mode, step indicator, supported pair]
const table: Array<[Country, Language, Mode, 'single' | 'steps', string, Mode, boolean, boolean]> = [
  ['uk', 'en', 'default', 'single', '', 'default', false, true],
  ['uk', 'en', 'rep', 'single', '', 'default', false, true],
  ['uk', 'en', 'areamanager', 'single', '', 'default', false, true],
  ['uk', 'it', 'default', 'steps', '', 'default', true, false],
  ['uk', 'it', 'rep', 'steps', '', 'default', true, false],
  ['uk', 'it', 'areamanager', 'steps', '', 'default', true, false],
  ['uk', 'de', 'default', 'steps', '', 'default', true, false],
  ['uk', 'de', 'rep', 'steps', '', 'default', true, false],
  ['uk', 'de', 'areamanager', 'steps', '', 'default', true, false],
  ['it', 'en', 'default', 'steps', '', 'default', true, false],
  ['it', 'en', 'rep', 'steps', '', 'default', true, false],
  ['it', 'en', 'areamanager', 'steps', '', 'default', true, false],
  ['it', 'it', 'default', 'single', '', 'default', false, true],
  ['it', 'it', 'rep', 'single', '/rep', 'rep', false, true],
  ['it', 'it', 'areamanager', 'steps', '/areamanager', 'areamanager', true, true],
  ['it', 'de', 'default', 'steps', '', 'default', true, false],
  ['it', 'de', 'rep', 'steps', '', 'default', true, false],
  ['it', 'de', 'areamanager', 'steps', '', 'default', true, false],
  ['de', 'en', 'default', 'steps', '', 'default', true, false],
  ['de', 'en', 'rep', 'steps', '', 'default', true, false],
  ['de', 'en', 'areamanager', 'steps', '', 'default', true, false],
  ['de', 'it', 'default', 'steps', '', 'default', true, false],
  ['de', 'it', 'rep', 'steps', '', 'default', true, false],
  ['de', 'it', 'areamanager', 'steps', '', 'default', true, false],
  ['de', 'de', 'default', 'steps', '', 'default', true, true],
  ['de', 'de', 'rep', 'steps', '', 'default', true, true],
  ['de', 'de', 'areamanager', 'steps', '', 'default', true, true],
];

describe('resolveVariant', () => {
  it('covers all 27 combinations', () => {
    expect(new Set(table.map(([c, l, m]) => `${c}-${l}-${m}`)).size).toBe(27);
  });
  it.each(table)('%s market, %s language, %s mode', (country, language, mode, layout, prefix, served, indicator, supported) => {
    const v = resolveVariant(country, language, mode);
    expect(v).toMatchObject({ layout, modePrefix: prefix, mode: served, showStepIndicator: indicator, supportedPair: supported });
  });
});

describe('editRedirectTarget', () => {
  it('forwards each variant per spec §2', () => {
    expect(editRedirectTarget(resolveVariant('uk', 'en'), 'abc')).toBe('/form?pharmacistId=abc');
    expect(editRedirectTarget(resolveVariant('de', 'de'), 'abc')).toBe('/form?pharmacistId=abc');
    expect(editRedirectTarget(resolveVariant('it', 'it', 'areamanager'), 'abc')).toBe('/areamanager/form?pharmacistId=abc');
    expect(editRedirectTarget(resolveVariant('it', 'it', 'rep'), 'abc')).toBe('/rep/form?pharmacyId=abc');
    expect(editRedirectTarget(resolveVariant('it', 'en', 'rep'), 'a b')).toBe('/form?pharmacistId=a%20b');
  });
});

describe('firstFormPath', () => {
  it('is /form for single page and /form/1 for steps', () => {
    expect(firstFormPath(resolveVariant('uk', 'en'))).toBe('/form');
    expect(firstFormPath(resolveVariant('de', 'de'))).toBe('/form/1');
    expect(firstFormPath(resolveVariant('it', 'it'))).toBe('/form');
  });
});

describe('resolveMarket', () => {
  const hosts = parseMarketHosts('uk=champions.example.co.uk, de=champions.example.de,xx=bad.example');
  it('takes the host first', () => {
    expect(resolveMarket('champions.example.de:443', '/it/form', hosts, 'uk')).toEqual({ country: 'de', basePath: '' });
  });
  it('falls back to the path prefix', () => {
    expect(resolveMarket('localhost:3000', '/it/form', hosts, 'uk')).toEqual({ country: 'it', basePath: '/it' });
    expect(resolveMarket('localhost', '/DE', hosts, 'uk')).toEqual({ country: 'de', basePath: '/de' });
  });
  it('then to the default market', () => {
    expect(resolveMarket(undefined, '/form', hosts, 'uk')).toEqual({ country: 'uk', basePath: '' });
    expect(hosts.size).toBe(2);
  });
});

describe('resolveLanguage', () => {
  it('uses ?lang= when valid, else the market language', () => {
    expect(resolveLanguage('it', 'en')).toBe('en');
    expect(resolveLanguage('it', 'fr')).toBe('it');
    expect(resolveLanguage('de', null)).toBe('de');
  });
});
