// A finder listing as patients see it (issue 25 items 6 and 9): the one projection of an
// application's answers onto its public card, used by the server for the finder's answers and by
// the form for the applicant's preview, so that the preview is what the finder will show.
import { PHOTO_URL_PREFIX } from './schemas/api.ts';

/** What a listing card shows: exactly these keys, nothing else of the application. */
export interface ListingCard {
  pharmacyName: string;
  address: string;
  /** The applicant's free text of services, as written (the card shows it as chips: listingServices). */
  services: string;
  firstName: string;
  /** Where the champion's photo is served, or null without one. */
  photoUrl: string | null;
  about: string;
}

/** The answers (payload names, spec §3) a listing is made from. */
export interface ListingAnswers {
  firstName?: unknown;
  photo?: unknown;
  whereYouWork?: unknown;
  address?: unknown;
  services?: unknown;
  anythingElseAboutYou?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Where a photo (its stored file name) is served. */
const photoPath = (photo: string) => `${PHOTO_URL_PREFIX}${encodeURIComponent(photo)}`;

/** The public card of an application's answers. */
export function listingCardOf(answers: ListingAnswers): ListingCard {
  const photo = text(answers.photo);
  return {
    pharmacyName: text(answers.whereYouWork),
    address: text(answers.address),
    services: text(answers.services),
    firstName: text(answers.firstName),
    photoUrl: photo ? photoPath(photo) : null,
    about: text(answers.anythingElseAboutYou),
  };
}

/** The services as the card's chips: the free text split at commas, semicolons, bullets and line ends. */
export function listingServices(services: string): string[] {
  const seen = new Set<string>();
  return services
    .split(/[,;\n•·|]+/)
    .map((s) => s.trim().replace(/\s+/g, ' '))
    .filter((s) => s !== '' && !seen.has(s.toLowerCase()) && seen.add(s.toLowerCase()));
}

/**
 * Directions to a listing in the visitor's maps app: the universal Google Maps URL, which a phone
 * opens in its maps app (Android, and iOS with Google Maps) or else in the browser; a `geo:` URI
 * does nothing on iOS.
 */
export const directionsUrl = (lat: number, lng: number) => `https://www.google.com/maps/dir/?api=1&destination=${lat.toFixed(6)},${lng.toFixed(6)}`;
