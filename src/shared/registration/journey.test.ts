import { describe, expect, it } from 'vitest';
import { parseStep } from './journey.ts';

describe('journey', () => {
  it('parses route steps', () => {
    expect(parseStep('1')).toBe(1);
    expect(parseStep(3)).toBe(3);
    expect(parseStep('4')).toBeNull();
    expect(parseStep('01')).toBeNull();
    expect(parseStep(undefined)).toBeNull();
  });
});
