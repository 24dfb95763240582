// The finder's public API as an OpenAPI 3.1 document (issue 38 item 1, docs/decisions/0055),
// generated from the shared zod contracts the server validates with: paths and methods from
// #shared/api/finder-endpoints.ts, parameters from the request schemas' input side, answers from
// the answer schemas' output side, errors from the problem catalogue. Served at
// GET /api/v1/openapi.json; committed as docs/api/finder-v1.openapi.json (`npm run openapi:write`),
// where a test refuses a breaking change.
import * as z from 'zod/mini';
import * as FinderApi from '#shared/api/finder-endpoints.ts';
import * as PublicApi from '#shared/api/public-api-endpoints.ts';
import * as OpenApiEndpoints from '#shared/api/openapi-endpoints.ts';
import { LANGUAGES } from '#shared/markets.ts';
import {
  CHANGES_MAX_LIMIT,
  FinderChangeSchema,
  FinderChangesAnswerSchema,
  FinderChangesQuerySchema,
  FinderListingSchema,
  FinderPharmacySchema,
  FinderSearchAnswerSchema,
  FinderSearchQuerySchema,
  FinderSnapshotAnswerSchema,
  FinderSnapshotQuerySchema,
  SEARCH_MAX_LIMIT,
} from '#shared/schemas/finder-api.ts';
import { FinderListingParamsSchema, FinderQuerySchema } from '#shared/schemas/finder.ts';
import {
  InvalidParamSchema,
  PROBLEM_KINDS,
  PROBLEM_MEDIA_TYPE,
  PROBLEM_SLUGS,
  PROBLEM_TYPE_BASE,
  ProblemSchema,
  problemTypeOf,
  type ProblemKind,
} from '#shared/schemas/problem.ts';
import { problemOf } from '../http/problem.ts';
import { PUBLIC_LISTINGS_CACHE_CONTROL } from '../services/listings-version.ts';
import { componentSchemas, parametersOf, type JsonSchema, type Parameter } from './json-schema.ts';

/** The contract's version: the minor grows with each additive change, the major never (a breaking change is a new API). */
const FINDER_API_VERSION = '1.0.0';

/** The search's, snapshot's and change feed's answers: a cache may serve one without asking for a while. */
const FINDER_CACHE_CONTROL = PUBLIC_LISTINGS_CACHE_CONTROL;
const directive = (name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(FINDER_CACHE_CONTROL)?.[1] ?? 0);
/** How long a cache may serve an answer at most: max-age, then stale while it revalidates. */
const PUBLIC_LISTINGS_STALE_SECONDS = directive('max-age') + directive('stale-while-revalidate');
/** One listing and the page-number search (our own pages' reads): kept, but revalidated before every use (routes/finder.ts). */
const REVALIDATE_CACHE_CONTROL = 'public, no-cache';
/** Anonymous requests: per client address, a minute (RATE_LIMIT_MAX x 10 with the default setting). */
const ANONYMOUS_PER_MINUTE = 300;

/** The kinds every public operation may answer. */
const COMMON_PROBLEMS: ProblemKind[] = ['invalid-parameter', 'unauthorized', 'rate-limited', 'internal', 'unavailable'];

/** A problem kind's description: what GET /api/v1/problems/{slug} answers (English unless ?lang=). */
const ProblemTypeSchema = /* @__PURE__ */ z.object({ type: z.string(), status: z.number().check(z.int()), title: z.string(), detail: z.string() });

const LegacyFinderAnswerSchema = z.object({
  status: z.literal('ok'),
  data: z.array(FinderPharmacySchema),
  total: z.number().check(z.int()),
  page: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
});
const FinderListingAnswerSchema = z.object({ status: z.literal('ok'), data: FinderListingSchema });

function registry() {
  const components = z.registry<{ id: string }>();
  const [upsert, remove] = FinderChangeSchema._zod.def.options;
  components.add(FinderListingSchema, { id: 'FinderListing' });
  components.add(FinderPharmacySchema, { id: 'FinderPharmacy' });
  components.add(FinderSearchAnswerSchema, { id: 'FinderSearchAnswer' });
  components.add(FinderSnapshotAnswerSchema, { id: 'FinderSnapshotAnswer' });
  components.add(upsert, { id: 'FinderUpsertChange' });
  components.add(remove, { id: 'FinderDeleteChange' });
  components.add(FinderChangeSchema, { id: 'FinderChange' });
  components.add(FinderChangesAnswerSchema, { id: 'FinderChangesAnswer' });
  components.add(LegacyFinderAnswerSchema, { id: 'LegacyFinderAnswer' });
  components.add(FinderListingAnswerSchema, { id: 'FinderListingAnswer' });
  components.add(ProblemSchema, { id: 'Problem' });
  components.add(InvalidParamSchema, { id: 'InvalidParam' });
  components.add(ProblemTypeSchema, { id: 'ProblemType' });
  return components;
}

const ref = (kind: 'schemas' | 'responses' | 'headers' | 'parameters', name: string) => ({ $ref: `#/components/${kind}/${name}` });

const HEADERS: Record<string, { description: string; schema: JsonSchema; example?: string }> = {
  ETag: {
    description:
      'A weak validator of the answer (`W/"..."`): send it back as `If-None-Match` to be answered 304 while nothing the answer holds has changed. It changes with every change to the listings.',
    schema: { type: 'string' },
    example: 'W/"1842-Xq3b9yTt0pWm2c8s1KdA7g"',
  },
  CacheControl: {
    description: `How long a cache (the app's, a CDN's) may serve the answer without asking: \`${FINDER_CACHE_CONTROL}\`. A listing taken down is gone from every answer within ${PUBLIC_LISTINGS_STALE_SECONDS} seconds.`,
    schema: { type: 'string' },
    example: FINDER_CACHE_CONTROL,
  },
  CacheControlRevalidate: {
    description: `\`${REVALIDATE_CACHE_CONTROL}\`: a cache may keep the answer, but asks again (with \`If-None-Match\`) before every use.`,
    schema: { type: 'string' },
    example: REVALIDATE_CACHE_CONTROL,
  },
  CacheControlOfAnswer: {
    description: 'The same `Cache-Control` as the full answer carries.',
    schema: { type: 'string' },
    example: FINDER_CACHE_CONTROL,
  },
  RateLimit: {
    description:
      "What is left of the current limit (IETF draft-ietf-httpapi-ratelimit-headers, a structured field): the policy's name (`address` or `key`), `r` the requests remaining and `t` the seconds until the window resets.",
    schema: { type: 'string' },
    example: '"address";r=297;t=42',
  },
  RateLimitPolicy: {
    description:
      "The limit that applies to this request (IETF draft-ietf-httpapi-ratelimit-headers, a structured field): `q` requests a `w`-second window, policy `address` (per client address) without a key, `key` (the key's quota) with one.",
    schema: { type: 'string' },
    example: `"address";q=${ANONYMOUS_PER_MINUTE};w=60`,
  },
  RetryAfter: { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 0 }, example: '17' },
  Deprecation: {
    description: 'When this operation was deprecated (RFC 9745: `@` and seconds since the epoch).',
    schema: { type: 'string' },
    example: '@1796083200',
  },
  Sunset: {
    description: 'When this operation may stop answering (RFC 8594, an HTTP date).',
    schema: { type: 'string' },
    example: 'Wed, 30 Jun 2027 00:00:00 GMT',
  },
  Link: {
    description: 'The operation that replaces this one (`rel="successor-version"`).',
    schema: { type: 'string' },
    example: '</api/v1/finder/search>; rel="successor-version"',
  },
};

const HEADER_NAMES: Record<string, string> = {
  CacheControl: 'Cache-Control',
  CacheControlRevalidate: 'Cache-Control',
  CacheControlOfAnswer: 'Cache-Control',
  RateLimitPolicy: 'RateLimit-Policy',
  RetryAfter: 'Retry-After',
};
const headerRefs = (...names: (keyof typeof HEADERS)[]) => Object.fromEntries(names.map((name) => [HEADER_NAMES[name] ?? name, ref('headers', name)]));

const RESPONSE_NAMES: Record<ProblemKind, string> = {
  'invalid-parameter': 'InvalidParameter',
  unauthorized: 'Unauthorized',
  'not-found': 'NotFound',
  'not-acceptable': 'NotAcceptable',
  'cursor-expired': 'CursorExpired',
  'rate-limited': 'RateLimited',
  internal: 'Internal',
  unavailable: 'Unavailable',
};

const PROBLEM_MEANINGS: Record<ProblemKind, string> = {
  'invalid-parameter':
    'A parameter is missing, malformed or out of range; `invalidParams` names each (never its value). Fix the request; do not retry it as it is.',
  unauthorized: 'The `X-Api-Key` sent is unknown or revoked. Send a valid key, or none (anonymous requests are limited per address).',
  'not-found': 'There is nothing at this path, or the listing is no longer in the finder: remove it from a copy.',
  'not-acceptable': "The request's `Accept` header allows no type this API answers (JSON).",
  'cursor-expired': 'The change feed no longer reaches back to this cursor (it keeps at least 90 days): take a new snapshot and read changes from its cursor.',
  'rate-limited': 'The limit of the client address (anonymous) or of the key is reached: wait `Retry-After` seconds.',
  internal: 'The server failed. Retry later, with a backoff.',
  unavailable: 'The service is briefly unable to answer (starting, stopping, overloaded): wait `Retry-After` seconds.',
};

function problemResponse(kind: ProblemKind) {
  const example = problemOf(kind, 'en', kind === 'invalid-parameter' ? { invalidParams: [{ name: 'lat', reason: 'invalid' }] } : {});
  const headers =
    kind === 'rate-limited' ? headerRefs('RetryAfter', 'RateLimit', 'RateLimitPolicy') : kind === 'unavailable' ? headerRefs('RetryAfter') : undefined;
  return {
    description: `${example.title} (\`${problemTypeOf(kind)}\`). ${PROBLEM_MEANINGS[kind]}`,
    ...(headers ? { headers } : {}),
    content: { [PROBLEM_MEDIA_TYPE]: { schema: ref('schemas', 'Problem'), example } },
  };
}

const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

interface OperationSpec {
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description: string;
  parameters: (Parameter | { $ref: string })[];
  answer: string;
  answerExample?: unknown;
  problems: ProblemKind[];
  deprecated?: boolean;
  /** Conditional requests and caching: If-None-Match, ETag, 304. */
  cached?: boolean;
  /** Revalidated before every use (public, no-cache) rather than served for a while. */
  revalidate?: boolean;
}

const LISTING_EXAMPLE = {
  id: '7a0e6f7c-2b7e-4f0a-9a53-3c1f2d7e9b10',
  pharmacyName: 'Riverside Pharmacy',
  address: '12 High Street, Bristol BS1 2AA',
  lat: 51.4545,
  lng: -2.5879,
  services: 'Chemotherapy side-effect advice, wig fitting referrals',
  firstName: 'Amira',
  photoUrl: '/files/photos/7a0e6f7c-2b7e-4f0a-9a53-3c1f2d7e9b10.jpg',
  about: 'Oncology-trained pharmacist; ask me about managing treatment at home.',
  market: 'uk',
};

const SEARCH_EXAMPLES = { market: 'uk', lat: '51.4545', lng: '-2.5879', radiusKm: '10', limit: '20' };

function operations(langParameter: { $ref: string }): OperationSpec[] {
  const withoutLang = (parameters: Parameter[]) => [...parameters.filter((p) => p.name !== 'lang'), langParameter];
  const ifNoneMatch = ref('parameters', 'IfNoneMatch');
  return [
    {
      path: PublicApi.finderSearch.path,
      operationId: 'searchListings',
      tag: 'Finder',
      summary: 'Listings near a point',
      description: `Listed champion pharmacists of one market within \`radiusKm\` of a point, nearest first, \`limit\` a page (at most ${SEARCH_MAX_LIMIT}). Read the next page with \`cursor\` set to the answer's \`next\` and the same other parameters, until \`next\` is null. \`total\` only with \`count=true\`.`,
      parameters: [...withoutLang(parametersOf(FinderSearchQuerySchema, 'query', SEARCH_EXAMPLES)), ifNoneMatch],
      answer: 'FinderSearchAnswer',
      answerExample: { data: [{ ...LISTING_EXAMPLE, distanceKm: 0.42 }], next: 'eyJkIjowLjQyfQ' },
      problems: COMMON_PROBLEMS,
      cached: true,
    },
    {
      path: FinderApi.finderListing.path,
      operationId: 'getListing',
      tag: 'Finder',
      summary: 'One listing',
      description: 'A listing by its id, as long as it is listed; 404 once it is not (taken down, erased, listed again under a new id).',
      parameters: [...parametersOf(FinderListingParamsSchema, 'path', { listingId: LISTING_EXAMPLE.id }), langParameter, ifNoneMatch],
      answer: 'FinderListingAnswer',
      answerExample: { status: 'ok', data: LISTING_EXAMPLE },
      problems: [...COMMON_PROBLEMS, 'not-found'],
      cached: true,
      revalidate: true,
    },
    {
      path: PublicApi.finderSnapshot.path,
      operationId: 'getSnapshot',
      tag: 'Sync',
      summary: 'Every listing of a market',
      description:
        'Every listing of a market and the `cursor` to read its changes from: the start of an offline copy. Sent compressed when the request allows it (`Accept-Encoding: gzip` or `br`). Take a new snapshot only when the change feed answers 410.',
      parameters: [...withoutLang(parametersOf(FinderSnapshotQuerySchema, 'query', { market: 'uk' })), ifNoneMatch],
      answer: 'FinderSnapshotAnswer',
      answerExample: { data: [LISTING_EXAMPLE], cursor: 'c1842' },
      problems: COMMON_PROBLEMS,
      cached: true,
    },
    {
      path: PublicApi.finderChanges.path,
      operationId: 'getChanges',
      tag: 'Sync',
      summary: 'What changed since a cursor',
      description: `The market's changes after \`since\`, oldest first, at most \`limit\` (up to ${CHANGES_MAX_LIMIT}) a page: apply each in order (\`upsert\`: add or replace the listing whole; \`delete\`: remove the id), then read again with \`since\` set to \`next\` until \`data\` is empty. Every listing that leaves the finder (taken down, rejected after approval, erased, removed by retention, listed again under a new id) is a \`delete\`: a copy kept this way never shows a pharmacy or a person the finder no longer does. 410 when the feed no longer reaches back to \`since\` (it keeps at least 90 days): take a new snapshot.`,
      parameters: [...withoutLang(parametersOf(FinderChangesQuerySchema, 'query', { market: 'uk', since: 'c1842' })), ifNoneMatch],
      answer: 'FinderChangesAnswer',
      answerExample: {
        data: [
          { op: 'upsert', id: LISTING_EXAMPLE.id, listing: LISTING_EXAMPLE },
          { op: 'delete', id: '0d4c7a52-93f1-4d0e-8f6b-5b2a1c9e7d33' },
        ],
        next: 'c1844',
      },
      problems: [...COMMON_PROBLEMS, 'cursor-expired'],
      cached: true,
    },
    {
      path: FinderApi.finderPharmacies.path,
      operationId: 'searchPharmaciesByPage',
      tag: 'Finder',
      summary: 'Listings near a point, by page number (deprecated)',
      description:
        'The page-number search of the first finder. It keeps working until its `Sunset` date; use `searchListings` (`/api/v1/finder/search`), which pages by cursor and counts only when asked.',
      parameters: [...parametersOf(FinderQuerySchema, 'query', SEARCH_EXAMPLES), langParameter, ifNoneMatch],
      answer: 'LegacyFinderAnswer',
      problems: COMMON_PROBLEMS,
      deprecated: true,
      cached: true,
      revalidate: true,
    },
  ];
}

const okHeaders = (spec: OperationSpec) =>
  headerRefs(
    ...(spec.cached ? (['ETag', spec.revalidate ? 'CacheControlRevalidate' : 'CacheControl'] as const) : []),
    'RateLimit',
    'RateLimitPolicy',
    ...(spec.deprecated ? (['Deprecation', 'Sunset', 'Link'] as const) : []),
  );

function operationOf(spec: OperationSpec) {
  const responses: Record<string, unknown> = {
    200: {
      description: 'OK.',
      headers: okHeaders(spec),
      content: { 'application/json': { schema: ref('schemas', spec.answer), ...(spec.answerExample ? { example: spec.answerExample } : {}) } },
    },
    ...(spec.cached ? { 304: ref('responses', 'NotModified') } : {}),
  };
  for (const kind of [...spec.problems].sort((a, b) => PROBLEM_KINDS[a].status - PROBLEM_KINDS[b].status))
    responses[PROBLEM_KINDS[kind].status] = ref('responses', RESPONSE_NAMES[kind]);
  return {
    operationId: spec.operationId,
    tags: [spec.tag],
    summary: spec.summary,
    description: spec.description,
    ...(spec.deprecated ? { deprecated: true } : {}),
    parameters: spec.parameters,
    responses,
  };
}

function problemCatalogue() {
  return PROBLEM_SLUGS.map((kind) => ({
    type: problemTypeOf(kind),
    status: PROBLEM_KINDS[kind].status,
    title: problemOf(kind, 'en').title,
    meaning: PROBLEM_MEANINGS[kind],
  }));
}

function infoDescription(): string {
  const rows = problemCatalogue().map((p) => `| \`${p.type}\` | ${p.status} | ${p.title} | ${p.meaning} |`);
  return [
    'The champion pharmacists listed in the Pharmacy Champions finder, for the patient app: search near a point, or keep an offline copy of a market from a snapshot and a change feed.',
    '',
    '## Keys and limits',
    `Requests may be anonymous, or carry a client key in \`X-Api-Key\` (issued by the programme's administrators). Anonymous requests are limited per client address: ${ANONYMOUS_PER_MINUTE} a minute by default. Requests with a key are limited per key, by the key's own per-minute quota, wherever they come from (a carrier's shared address does not matter). Every counted answer says the limit that applies in \`RateLimit-Policy\` and what is left in \`RateLimit\`; over the limit, 429 with \`Retry-After\`. A conditional request (\`If-None-Match\`) answered 304 is not counted (and carries neither header): revalidating a copy costs no quota. One that is not answered 304 counts like any other. Windows are whole minutes of the clock (\`RateLimit\`'s \`t\` is the seconds to the end of the current one); the servers join their counts within a quarter of a second, so a client sending at once to several servers may get up to a tenth of its quota more per server. An unknown or revoked key is 401, never a silent fall back to anonymous.`,
    '',
    '## Caching and conditional requests',
    `The search, the snapshot and the change feed answer \`Cache-Control: ${FINDER_CACHE_CONTROL}\`; one listing and the deprecated page-number search \`${REVALIDATE_CACHE_CONTROL}\`. Every finder answer carries a weak \`ETag\` that changes whenever any listing changes. Send it back as \`If-None-Match\`: while nothing changed the answer is 304, without a body, and costs the server no search. A listing taken down disappears from every answer within ${PUBLIC_LISTINGS_STALE_SECONDS} seconds, caches included. Error answers are \`Cache-Control: no-store\`.`,
    '',
    '## Keeping an offline copy',
    '1. `GET /api/v1/finder/snapshot?market=uk`: keep `data` and `cursor`.',
    '2. `GET /api/v1/finder/changes?market=uk&since={cursor}`: apply each change in order (`upsert` replaces the listing whole, `delete` removes the id), keep `next`, and read again from it until `data` is empty.',
    '3. Later, read changes from the kept `next`. On 410 (`cursor-expired`) start again from step 1.',
    '',
    "A listing that leaves the finder (taken down, rejected, its pharmacist's data erased) arrives as a `delete`: apply it, so that no copy keeps showing a pharmacy or a person the finder no longer does.",
    '',
    '## Errors',
    `Every 4xx and 5xx answer is an RFC 9457 problem (\`${PROBLEM_MEDIA_TYPE}\`): a stable \`type\` URI, the \`status\`, a \`title\` and \`detail\` in the language of \`lang\` (${LANGUAGES.join(', ')}; English by default), and for 400 the refused parameters by name in \`invalidParams\`. Each \`type\` resolves to its description (\`GET ${PROBLEM_TYPE_BASE}/{slug}\`).`,
    '',
    '| type | status | title | meaning |',
    '|---|---|---|---|',
    ...rows,
    '',
    '## Privacy',
    'The point a search is made from is never logged, stored or passed on, and never comes back in an error.',
    '',
    '## Versioning',
    'This contract changes additively only: new operations, new optional parameters, new fields in answers. Ignore fields you do not know. A change that would break a client (a removed or renamed path, parameter or field, a narrowed type, a newly required parameter) is refused by our tests; an operation that must go is first deprecated, with `Deprecation` and `Sunset` headers.',
  ].join('\n');
}

/** The OpenAPI 3.1 document of the public API: a plain JSON value, the same at every call. */
export function buildOpenApiDocument() {
  const langParameter = parametersOf(FinderSnapshotQuerySchema, 'query').find((p) => p.name === 'lang');
  if (!langParameter) throw new Error('the snapshot query has no lang parameter');
  const specs = operations(ref('parameters', 'lang'));
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of specs) paths[openApiPath(spec.path)] = { get: operationOf(spec) };
  paths[openApiPath(OpenApiEndpoints.openApiDocument.path)] = {
    get: {
      operationId: 'getOpenApiDocument',
      tags: ['Reference'],
      summary: 'This document',
      description: 'The OpenAPI 3.1 document of this API (the human-readable reference is `/api/v1/docs`).',
      security: [{}],
      responses: {
        200: {
          description: 'OK.',
          headers: headerRefs('ETag'),
          content: { 'application/json': { schema: { type: 'object', description: 'An OpenAPI 3.1 document.' } } },
        },
        304: ref('responses', 'NotModified'),
        429: ref('responses', 'RateLimited'),
        500: ref('responses', 'Internal'),
      },
    },
  };
  paths[openApiPath(OpenApiEndpoints.problemType.path)] = {
    get: {
      operationId: 'getProblemType',
      tags: ['Reference'],
      summary: 'What a problem type means',
      description: 'What a problem `type` URI resolves to: its status, title and meaning.',
      security: [{}],
      parameters: [
        { name: 'slug', in: 'path', required: true, description: 'The last segment of a problem `type` URI.', schema: { type: 'string', enum: PROBLEM_SLUGS } },
        ref('parameters', 'lang'),
      ],
      responses: {
        200: {
          description: 'OK.',
          content: {
            'application/json': {
              schema: ref('schemas', 'ProblemType'),
              example: {
                type: problemTypeOf('cursor-expired'),
                status: 410,
                title: problemOf('cursor-expired', 'en').title,
                detail: problemOf('cursor-expired', 'en').detail,
              },
            },
          },
        },
        400: ref('responses', 'InvalidParameter'),
        404: ref('responses', 'NotFound'),
        429: ref('responses', 'RateLimited'),
        500: ref('responses', 'Internal'),
      },
    },
  };
  const usedKinds = new Set<ProblemKind>(specs.flatMap((s) => s.problems));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Pharmacy Champions finder API',
      version: FINDER_API_VERSION,
      summary: "Listed champion pharmacists near a point, and a market's listings with their changes, for the patient app.",
      description: infoDescription(),
    },
    servers: [{ url: '/', description: 'The server this document is served from.' }],
    security: [{}, { apiKey: [] }],
    tags: [
      { name: 'Finder', description: 'Search the listed champions near a point, and read one listing.' },
      { name: 'Sync', description: "A market's listings and their changes, for an offline copy." },
      { name: 'Reference', description: 'This document and the problem types it names.' },
    ],
    paths,
    components: {
      schemas: componentSchemas(registry()),
      parameters: {
        lang: langParameter,
        IfNoneMatch: {
          name: 'If-None-Match',
          in: 'header',
          required: false,
          description: 'The `ETag` of an answer the client holds: 304 without a body while it is still current.',
          schema: { type: 'string' },
        },
      },
      headers: HEADERS,
      responses: {
        NotModified: {
          description: 'Not modified: the answer named by `If-None-Match` is still current. No body.',
          headers: headerRefs('ETag', 'CacheControlOfAnswer'),
        },
        ...Object.fromEntries(PROBLEM_SLUGS.filter((kind) => usedKinds.has(kind)).map((kind) => [RESPONSE_NAMES[kind], problemResponse(kind)])),
      },
      securitySchemes: {
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Api-Key',
          description:
            "A client app's key, issued by the programme's administrators. Optional: without it requests are anonymous and limited per client address; with it they are limited by the key's quota.",
        },
      },
    },
    'x-problem-types': problemCatalogue(),
    'x-rate-limits': {
      anonymous: { per: 'client address', window: '1 minute', default: ANONYMOUS_PER_MINUTE },
      key: { per: 'API key (X-Api-Key)', window: '1 minute', quota: "set for each key by the programme's administrators" },
    },
    'x-cache': {
      cacheControl: FINDER_CACHE_CONTROL,
      revalidatedOperations: ['getListing', 'searchPharmaciesByPage'],
      etag: 'weak, changes with any listing',
      delistingGoneWithinSeconds: PUBLIC_LISTINGS_STALE_SECONDS,
    },
  };
}

/** Where the committed copy lives, from the repository's root. */
export const COMMITTED_OPENAPI_PATH = 'docs/api/finder-v1.openapi.json';

/** The document as the committed copy holds it: two-space JSON and a final newline. */
export const openApiText = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;
