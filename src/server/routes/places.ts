// GET /api/places/search and /api/places/details: the map's place search, through our server.
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import * as Api from '#shared/api/endpoints.ts';
import { PlaceDetailsSchema, PlacesSearchSchema } from '#shared/api/endpoints.ts';
import type { Country } from '#shared/markets.ts';
import { ApiMessage } from '#shared/schemas/api.ts';
import { ErrorKey } from '#shared/schemas/fields.ts';
import { failed, invalid, ok } from '../http/answers.ts';
import type { PlacesProvider } from '../services/places/provider.ts';
import { PlacesUnavailableError } from '../services/places/nominatim.ts';


function firstErrors(error: z.core.$ZodError) {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '_');
    errors[field] ??= issue.message.includes('.') ? issue.message : ErrorKey.invalid;
  }
  return errors;
}

export async function placesRoutes(app: FastifyInstance, deps: { places: PlacesProvider; defaultMarket: Country; rateLimit: { max: number; timeWindow: string } }) {
  app.get(Api.placesSearch.path, { config: { rateLimit: deps.rateLimit } }, async (request, reply) => {
    const parsed = z.safeParse(PlacesSearchSchema, request.query);
    if (!parsed.success) return invalid(reply, firstErrors(parsed.error));
    try {
      return ok(reply, await deps.places.search(parsed.data.q, parsed.data.market ?? deps.defaultMarket));
    } catch (error) {
      if (!(error instanceof PlacesUnavailableError)) throw error;
      request.log.warn({ err: error }, 'places search failed');
      return failed(reply, 503, ApiMessage.unavailable);
    }
  });

  app.get(Api.placeDetails.path, { config: { rateLimit: deps.rateLimit } }, async (request, reply) => {
    const parsed = z.safeParse(PlaceDetailsSchema, request.query);
    if (!parsed.success) return invalid(reply, firstErrors(parsed.error));
    try {
      const place = await deps.places.details(parsed.data.placeId);
      return place ? ok(reply, place) : failed(reply, 404, ApiMessage.notFound);
    } catch (error) {
      if (!(error instanceof PlacesUnavailableError)) throw error;
      request.log.warn({ err: error }, 'places details failed');
      return failed(reply, 503, ApiMessage.unavailable);
    }
  });
}
