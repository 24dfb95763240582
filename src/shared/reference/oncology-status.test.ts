import { describe, expect, it } from 'vitest';
import { ONCOLOGY_STATUSES, ONCOLOGY_STATUS_SPEC_WORDING, isOncologyStatus, oncologyStatusKey, parseOncologyStatus } from './oncology-status.ts';

describe('oncology status', () => {
  it('has the four statuses in spec order', () => {
    expect(ONCOLOGY_STATUSES).toEqual(['not_registered', 'registered', 'on_going', 'completed']);
    expect(ONCOLOGY_STATUSES.map((s) => ONCOLOGY_STATUS_SPEC_WORDING[s])).toEqual(['Not Registered', 'Registered', 'On Going', 'Completed']);
  });

  it('names i18n keys', () => {
    expect(ONCOLOGY_STATUSES.map(oncologyStatusKey)).toEqual(['oncStatus.not_registered', 'oncStatus.registered', 'oncStatus.on_going', 'oncStatus.completed']);
  });

  it('parses values and the spec wording, nothing else', () => {
    for (const status of ONCOLOGY_STATUSES) {
      expect(parseOncologyStatus(status)).toBe(status);
      expect(parseOncologyStatus(ONCOLOGY_STATUS_SPEC_WORDING[status])).toBe(status);
    }
    expect(parseOncologyStatus(' on going ')).toBe('on_going');
    expect(parseOncologyStatus('pending')).toBeUndefined();
    expect(parseOncologyStatus('')).toBeUndefined();
    expect(parseOncologyStatus(3)).toBeUndefined();
    expect(isOncologyStatus('Completed')).toBe(false);
  });
});
