// Place autofill (POST /api/check_pharmacy): what we already know about a place, taken only from
// reviewed sources: an approved application there (the listing) or a pharmacy the Italian field
// force manages. The pharmacies table is filled by every submitted application, so it is never
// read here: an unreviewed one must neither reveal that someone applied nor seed the next form.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { applications, fieldPharmacies } from '../db/schema.ts';
import { LISTED_STATUS } from './finder.ts';

export interface KnownPharmacy {
  placeId: string;
  name: string;
  address: string;
  lat: number;
  lng: number;
  services: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export async function findReviewedPharmacy(db: Queryable, placeId: string): Promise<KnownPharmacy | null> {
  const [listed] = await db
    .select({ answers: applications.answers, lat: applications.lat, lng: applications.lng })
    .from(applications)
    .where(and(eq(applications.placeId, placeId), eq(applications.status, LISTED_STATUS)))
    .orderBy(desc(applications.updatedAt))
    .limit(1);
  if (listed && listed.lat !== null && listed.lng !== null) {
    const { answers } = listed;
    return { placeId, name: text(answers.whereYouWork), address: text(answers.address), lat: listed.lat, lng: listed.lng, services: text(answers.services) };
  }
  const [managed] = await db
    .select({
      name: fieldPharmacies.name,
      address: fieldPharmacies.fullAddress,
      lat: fieldPharmacies.lat,
      lng: fieldPharmacies.lng,
      services: sql<string | null>`coalesce(${fieldPharmacies.answers} ->> 'services', ${fieldPharmacies.answers} ->> 'questionServicesPharmacyProvide')`,
    })
    .from(fieldPharmacies)
    .where(eq(fieldPharmacies.placeId, placeId))
    .limit(1);
  if (managed && managed.lat !== null && managed.lng !== null)
    return { placeId, name: managed.name, address: managed.address, lat: managed.lat, lng: managed.lng, services: managed.services ?? '' };
  return null;
}
