import { describe, expect, it } from 'vitest';
import { CALL_FLAGS, CALL_FLAG_JOINED_UNIFY, callFlagKey, callFlagLabel, isCallFlag } from './call-flags.ts';

describe('call flags', () => {
  it('has the five flags of spec §4', () => {
    expect(CALL_FLAGS).toEqual(['appointment_scheduled', 'not_interested', 'interested_but_requires_another_visit', 'joined_unify', 'post_joining_unify']);
    expect(isCallFlag(CALL_FLAG_JOINED_UNIFY)).toBe(true);
  });

  it('labels flags with spaces and capitalised words', () => {
    expect(callFlagLabel('interested_but_requires_another_visit')).toBe('Interested But Requires Another Visit');
    expect(callFlagLabel('joined_unify')).toBe('Joined Unify');
    expect(callFlagLabel('post_joining_unify')).toBe('Post Joining Unify');
    expect(callFlagLabel('appointment_scheduled')).toBe('Appointment Scheduled');
    expect(callFlagLabel('')).toBe('');
  });

  it('names the i18n key of each flag', () => {
    expect(callFlagKey('not_interested')).toBe('callFlag.not_interested');
    expect(CALL_FLAGS.map(callFlagKey)).toHaveLength(5);
  });

  it('recognises flags only', () => {
    expect(isCallFlag('Joined Unify')).toBe(false);
    expect(isCallFlag(null)).toBe(false);
  });
});
