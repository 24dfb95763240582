// Body-of-registration options per market (spec §5: "UK (GPhC) for UK, Italia (AIFA) for
// Italy, default UK. Germany offers the chambers of pharmacists").
import { MARKETS, isCountry, type Country } from '../markets.ts';
import type { RegistrationBodyList } from '../market-table.ts';
import { GERMAN_CHAMBER_NAMES } from './german-chambers.ts';
import { REGISTRATION_BODY_IT, REGISTRATION_BODY_UK } from './options.ts';

/** The lists a market's entry names (`registrationBodies`), kept here so the entry chunk does not carry the chambers. */
const REGISTRATION_BODIES: Record<RegistrationBodyList, readonly string[]> = {
  gphc: [REGISTRATION_BODY_UK],
  aifa: [REGISTRATION_BODY_IT],
  'german-chambers': GERMAN_CHAMBER_NAMES,
};

/** The options for a market; the UK's for an unknown or missing one. */
export function registrationBodiesFor(country: string | null | undefined): readonly string[] {
  return REGISTRATION_BODIES[MARKETS[isCountry(country) ? country : 'uk'].registrationBodies];
}

/** The body stored for an application whose form asks for none. */
export function defaultRegistrationBodyOf(country: Country): string {
  return REGISTRATION_BODIES[MARKETS[country].defaultRegistrationBody][0]!;
}

export function isRegistrationBodyFor(country: string | null | undefined, body: unknown): boolean {
  return typeof body === 'string' && registrationBodiesFor(country).includes(body);
}
