// POST /api/check_pharmacy (spec §7): is this map place a pharmacy we already know?
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import { ApiMessage, type PharmacyLookup } from '#shared/schemas/api.ts';
import { PlaceFields } from '#shared/schemas/fields.ts';
import { invalid, isPlainObject, ok, WHOLE_BODY_INVALID } from '../http/answers.ts';
import type { ApplicationStore } from '../services/applications.ts';

const CheckSchema = z.object({ placeId: PlaceFields.placeId });

export async function pharmacyRoutes(app: FastifyInstance, deps: { applications: ApplicationStore; rateLimit: { max: number; timeWindow: string } }) {
  app.post('/api/check_pharmacy', { config: { rateLimit: deps.rateLimit } }, async (request, reply) => {
    if (!isPlainObject(request.body)) return invalid(reply, WHOLE_BODY_INVALID);
    const parsed = CheckSchema.safeParse(request.body);
    if (!parsed.success) return invalid(reply, { placeId: parsed.error.issues[0]?.message ?? 'validation.invalid' });
    const pharmacy = await deps.applications.findPharmacy(parsed.data.placeId);
    if (!pharmacy) return ok(reply, undefined, ApiMessage.notFound);
    const data: PharmacyLookup = {
      address: pharmacy.address,
      googleplacesid: pharmacy.placeId,
      lat: pharmacy.lat,
      lon: pharmacy.lng,
      services: pharmacy.services,
      whereYouWork: pharmacy.name,
    };
    return ok(reply, data, ApiMessage.found);
  });
}
