import { describe, expect, it } from 'vitest';
import { webAppManifest } from './web-app-manifest.ts';

describe('webAppManifest', () => {
  it('starts at the sign-in in the market’s own language without ?lang=, in another with it', () => {
    expect(webAppManifest('Champions', '/it', 'it', 'it').start_url).toBe('/it/signin');
    expect(webAppManifest('Champions', '/de', 'de', 'de').start_url).toBe('/de/signin');
    expect(webAppManifest('Champions', '', 'uk', 'en').start_url).toBe('/signin');
    expect(webAppManifest('Champions', '/de', 'de', 'it').start_url).toBe('/de/signin?lang=it');
  });
});
