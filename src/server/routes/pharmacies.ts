// POST /api/check_pharmacy (spec §7): is this map place a pharmacy we already know (from a
// listing or the field force, never from an unreviewed application)?
import type { FastifyInstance } from 'fastify';
import type * as z from 'zod/mini';
import * as Api from '#shared/api/endpoints.ts';
import type { CheckPharmacySchema } from '#shared/api/endpoints.ts';
import { ApiMessage, type PharmacyLookup } from '#shared/schemas/api.ts';
import { invalid, okFor } from '../http/answers.ts';
import { parseBody } from '../http/parse-body.ts';
import type { Queryable } from '../db/client.ts';
import { findReviewedPharmacy } from '../services/pharmacy-lookup.ts';

export async function pharmacyRoutes(app: FastifyInstance, deps: { db: Queryable; rateLimit: { max: number; timeWindow: string } }) {
  const refuse = parseBody(Api.checkPharmacy.request, {
    refuse: (reply, error) => invalid(reply, { placeId: error.issues[0]?.message ?? 'validation.invalid' }),
  });
  app.post<{ Body: z.output<typeof CheckPharmacySchema> }>(
    Api.checkPharmacy.path,
    { preHandler: refuse, config: { rateLimit: deps.rateLimit } },
    async (request, reply) => {
      const pharmacy = await findReviewedPharmacy(deps.db, request.body.placeId);
      if (!pharmacy) return okFor(Api.checkPharmacy, reply, undefined, ApiMessage.notFound);
      const data: PharmacyLookup = {
        address: pharmacy.address,
        googleplacesid: pharmacy.placeId,
        lat: pharmacy.lat,
        lon: pharmacy.lng,
        services: pharmacy.services,
        whereYouWork: pharmacy.name,
      };
      return okFor(Api.checkPharmacy, reply, data, ApiMessage.found);
    },
  );
}
