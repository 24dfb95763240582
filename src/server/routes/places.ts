// GET /api/places/search, /api/places/details and /api/places/geocode: the map's place search
// and "Can't find your pharmacy?", through our server.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { Contract } from '#shared/api/contract.ts';
import * as Api from '#shared/api/endpoints.ts';
import { PlaceDetailsSchema, PlaceGeocodeSchema, PlacesSearchSchema } from '#shared/api/endpoints.ts';
import type { Country } from '#shared/markets.ts';
import { ApiMessage, fieldErrors } from '#shared/schemas/api.ts';
import { failed, invalid, okFor } from '../http/answers.ts';
import type { PlacesProvider } from '../services/places/provider.ts';
import { PlacesUnavailableError } from '../services/places/nominatim.ts';

/** Asks the provider; a provider that cannot be reached is 503, and an answer of null is 404. */
async function askProvider<A>(contract: Contract<unknown, A>, request: FastifyRequest, reply: FastifyReply, what: string, ask: () => Promise<A | null>) {
  try {
    const found = await ask();
    return found === null ? failed(reply, 404, ApiMessage.notFound) : okFor(contract, reply, found);
  } catch (error) {
    if (!(error instanceof PlacesUnavailableError)) throw error;
    request.log.warn({ err: error }, `places ${what} failed`);
    return failed(reply, 503, ApiMessage.unavailable);
  }
}

export async function placesRoutes(
  app: FastifyInstance,
  deps: { places: PlacesProvider; defaultMarket: Country; rateLimit: { max: number; timeWindow: string } },
) {
  const limited = { config: { rateLimit: deps.rateLimit } };

  app.get(Api.placesSearch.path, limited, async (request, reply) => {
    const parsed = z.safeParse(PlacesSearchSchema, request.query);
    if (!parsed.success) return invalid(reply, fieldErrors(parsed.error));
    return askProvider(Api.placesSearch, request, reply, 'search', () => deps.places.search(parsed.data.q, parsed.data.market ?? deps.defaultMarket));
  });

  app.get(Api.placeDetails.path, limited, async (request, reply) => {
    const parsed = z.safeParse(PlaceDetailsSchema, request.query);
    if (!parsed.success) return invalid(reply, fieldErrors(parsed.error));
    return askProvider(Api.placeDetails, request, reply, 'details', () => deps.places.details(parsed.data.placeId));
  });

  app.get(Api.placeGeocode.path, limited, async (request, reply) => {
    const parsed = z.safeParse(PlaceGeocodeSchema, request.query);
    if (!parsed.success) return invalid(reply, fieldErrors(parsed.error));
    return askProvider(Api.placeGeocode, request, reply, 'geocode', () => deps.places.geocode(parsed.data.address, parsed.data.market ?? deps.defaultMarket));
  });
}
