// Body-of-registration options per market (spec §5: "UK (GPhC) for UK, Italia (AIFA) for
// Italy, default UK. Germany offers the chambers of pharmacists").
import { isCountry, type Country } from '../markets.ts';
import { GERMAN_CHAMBER_NAMES } from './german-chambers.ts';
import { REGISTRATION_BODY_IT, REGISTRATION_BODY_UK } from './options.ts';

const REGISTRATION_BODIES: Record<Country, readonly string[]> = {
  uk: [REGISTRATION_BODY_UK],
  it: [REGISTRATION_BODY_IT],
  de: GERMAN_CHAMBER_NAMES,
};

/** The options for a market; the UK's for an unknown or missing one. */
export function registrationBodiesFor(country: string | null | undefined): readonly string[] {
  return REGISTRATION_BODIES[isCountry(country) ? country : 'uk'];
}

export function isRegistrationBodyFor(country: string | null | undefined, body: unknown): boolean {
  return typeof body === 'string' && registrationBodiesFor(country).includes(body);
}
