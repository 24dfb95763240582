// The pharmacist registration payload (spec §3) and its rules (spec §4, §5), per variant.
// The browser validates the form with these schemas; the server validates the payload again.
import { resolveVariant, type Country, type Language } from '../markets.ts';
import { ItalianRegistrationPayloadSchema } from './registration-it.ts';
import { StepsRegistrationPayloadSchema } from './registration-steps.ts';
import { UkRegistrationPayloadSchema } from './registration-uk.ts';

export * from './registration-common.ts';
export * from './registration-uk.ts';

/** The payload schema the server applies, chosen by the payload's own country and language. */
export function registrationPayloadSchemaFor(country: Country, language: Language) {
  const variant = resolveVariant(country, language);
  if (variant.layout === 'steps') return StepsRegistrationPayloadSchema;
  if (variant.country === 'uk') return UkRegistrationPayloadSchema;
  return ItalianRegistrationPayloadSchema;
}
