import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { exampleSettingWarnings } from './startup-warnings.ts';

const base = { DATABASE_URL: 'memory://' };

describe('exampleSettingWarnings', () => {
  it('names every operator setting left at its example value, one line each', () => {
    const warnings = exampleSettingWarnings(loadConfig(base));
    expect(warnings.map((line) => line.split(' ')[0])).toEqual([
      'OPERATOR_COMPANY',
      'OPERATOR_ADDRESS',
      'OPERATOR_REGISTER',
      'OPERATOR_VAT',
      'OPERATOR_RESPONSIBLE',
      'OPERATOR_SUPPORT_EMAIL',
      'OPERATOR_DPO_EMAIL',
      'OPERATOR_PHONE',
      'MAIL_FROM',
    ]);
    expect(warnings[0]).toBe(
      'OPERATOR_COMPANY is still the example value "Example Health Ltd (example operator)": set the operator\'s real one (README, Settings)',
    );
  });

  it('leaves out the settings that were set', () => {
    const warnings = exampleSettingWarnings(
      loadConfig({ ...base, OPERATOR_COMPANY: 'Onco Care GmbH', OPERATOR_PHONE: '+49 30 1234567', MAIL_FROM: 'Champions <no-reply@onco.example.de>' }),
    );
    expect(warnings.join('\n')).not.toMatch(/OPERATOR_COMPANY|OPERATOR_PHONE|MAIL_FROM/);
    expect(warnings).toHaveLength(6);
  });

  it('says nothing when every operator setting is real', () => {
    const real = {
      OPERATOR_COMPANY: 'Onco Care GmbH',
      OPERATOR_ADDRESS: 'Musterweg 1, 10115 Berlin',
      OPERATOR_REGISTER: 'HRB 12345 B',
      OPERATOR_VAT: 'DE123456789',
      OPERATOR_RESPONSIBLE: 'Erika Mustermann',
      OPERATOR_SUPPORT_EMAIL: 'hilfe@onco.example.de',
      OPERATOR_DPO_EMAIL: 'datenschutz@onco.example.de',
      OPERATOR_PHONE: '+49 30 1234567',
      MAIL_FROM: 'Champions <no-reply@onco.example.de>',
    };
    expect(exampleSettingWarnings(loadConfig({ ...base, ...real }))).toEqual([]);
  });
});
