// Issue 42 item 7 (docs/decisions/0073): nothing of the rep's web code sends where the rep is. A
// static scan of src/web/features/staff/rep/ and the visit form's catalogue entry: the browser's
// position is reached only through lib/use-my-location.ts, only by the rep's list page (to sort by
// distance, on the phone), and no file that talks to the server touches a position. The server's
// side is src/server/no-rep-position.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORMS } from '#shared/forms/catalogue.ts';
import { SECTIONS } from '#shared/forms/sections.ts';

const REP_DIR = path.resolve('src/web/features/staff/rep');
/** The code without its comments (which may well speak of positions). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
const sources = readdirSync(REP_DIR)
  .filter((name) => /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name))
  .map((name) => ({ name, text: code(readFileSync(path.join(REP_DIR, name), 'utf8')) }));

const GEOLOCATION = /navigator\s*\.\s*geolocation|getCurrentPosition|watchPosition|GeolocationPosition/;
const TALKS_TO_SERVER = /\bfetch\(|apiPath\(|sendBeacon|XMLHttpRequest|submitForm|useOutbox|enqueue/;
const POSITION = /\bposition\b|\bPosition\b|useMyLocation|coords|latitude|longitude/;

describe("the rep's web code", () => {
  it('has files to scan', () => {
    expect(sources.map((s) => s.name)).toEqual(expect.arrayContaining(['rep-home-page.tsx', 'get-rep-pharmacies.ts', 'rep-form-page.tsx']));
  });

  it('never asks the browser for a position itself', () => {
    expect(sources.filter((s) => GEOLOCATION.test(s.text)).map((s) => s.name)).toEqual([]);
  });

  it('reads the position (through useMyLocation) only on the list page, to sort by distance there', () => {
    expect(sources.filter((s) => /useMyLocation/.test(s.text)).map((s) => s.name)).toEqual(['rep-home-page.tsx']);
  });

  it('never hands a position to a file that talks to the server', () => {
    const talking = sources.filter((s) => TALKS_TO_SERVER.test(s.text) && s.name !== 'rep-home-page.tsx');
    expect(talking.length).toBeGreaterThan(0);
    expect(talking.filter((s) => POSITION.test(s.text)).map((s) => s.name)).toEqual([]);
    // The list page calls the list's fetcher with the rep and the abort signal only.
    const page = sources.find((s) => s.name === 'rep-home-page.tsx')!.text;
    expect(page.match(/getRepPharmacies\(([^)]*)\)/)?.[1]).toBe('repId, signal');
  });

  it("keeps the visit form's coordinates to the pharmacy's place, filled by the place search", () => {
    const named = FORMS['rep-visit'].steps.flat() as (keyof typeof SECTIONS)[];
    const fields = named.flatMap((id) => Object.keys(SECTIONS[id].fields ?? {}).map((name) => `${id}.${name}`));
    const coordinates = fields.filter((name) => /\.(lat|lng|latitude|longitude|position|coords|geo)/i.test(name));
    // The pharmacy's pin, from the place the rep picks in the place search (placeId, address).
    expect(coordinates.sort()).toEqual(['place.lat', 'place.lng']);
    expect(JSON.stringify(FORMS['rep-visit'])).not.toMatch(GEOLOCATION);
  });
});
