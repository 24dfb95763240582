// Every /api route the server registers is declared in src/shared/api, with the same method and
// path (a form's endpoint by its catalogue entry: form-endpoints.ts), and every contract there has its route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ApplicantApi from '#shared/api/endpoints.ts';
import * as DraftApi from '#shared/api/draft-endpoints.ts';
import * as FinderApi from '#shared/api/finder-endpoints.ts';
import * as PublicApi from '#shared/api/public-api-endpoints.ts';
import * as StaffApi from '#shared/api/staff-endpoints.ts';
import * as RepsApi from '#shared/api/field-reps-endpoints.ts';
import * as ReviewApi from '#shared/api/review-endpoints.ts';
import * as ReviewChecksApi from '#shared/api/review-checks-endpoints.ts';
import * as ApplicantLinkApi from '#shared/api/applicant-link-endpoints.ts';
import * as MyApplicationApi from '#shared/api/my-application-endpoints.ts';
import * as FormEndpoints from '#shared/api/form-endpoints.ts';
import * as ApiClientApi from '#shared/api/api-client-endpoints.ts';
import * as OpenApiEndpoints from '#shared/api/openapi-endpoints.ts';
import { createTestContext, type TestContext } from '../test/context.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** "METHOD /path" for every route in Fastify's printed route tree (HEAD, added with each GET, left out). */
function registeredRoutes(tree: string): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([\s│├└─]*)(\S+) \(([^)]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = path;
    // HEAD comes with each GET; OPTIONS is the CORS preflight http/public-cors.ts adds for each public GET (its own test covers them).
    for (const method of match[3]!.split(', ')) if (method !== 'HEAD' && method !== 'OPTIONS') routes.push(`${method} ${path}`);
  }
  return routes;
}

describe('API contracts (src/shared/api)', () => {
  it('declares every /api route the server registers, and each contract has its route', () => {
    const served = registeredRoutes(ctx.app.printRoutes({ commonPrefix: false })).filter((route) => route.split(' ')[1]!.startsWith('/api/'));
    const contracts = (
      [
        ...Object.values(ApplicantApi),
        ...Object.values(DraftApi),
        ...Object.values(StaffApi),
        ...Object.values(RepsApi),
        ...Object.values(ReviewApi),
        ...Object.values(ReviewChecksApi),
        ...Object.values(ApplicantLinkApi),
        ...Object.values(MyApplicationApi),
        ...Object.values(FinderApi),
        ...Object.values(PublicApi),
        ...Object.values(ApiClientApi),
        ...Object.values(OpenApiEndpoints),
        ...Object.values(FormEndpoints.FormApi),
        ...Object.values(FormEndpoints.FormApi).map((c) => c.prefill),
        FormEndpoints.repVisitByPost,
      ] as unknown[]
    ).filter((value): value is { method: string; path: string } => typeof value === 'object' && value !== null && 'method' in value && 'path' in value);
    // An applicant form's endpoint is also an applicant contract (savePharmacist, the link requests): counted once.
    const declared = [...new Set(contracts.map((c) => `${c.method} ${c.path}`))];
    expect(served.length).toBeGreaterThan(20);
    expect([...served].sort()).toEqual([...declared].sort());
  });

  it('keeps the specification paths (spec §7)', () => {
    expect(ApplicantApi.savePharmacist).toMatchObject({ method: 'POST', path: '/api/save-pharmacist' });
    expect(ApplicantApi.savePhoto).toMatchObject({ method: 'POST', path: '/api/save-temp-pharmacist-image' });
    expect(ApplicantApi.getPharmacist).toMatchObject({ method: 'GET', path: '/api/get-pharmacist' });
    expect(ApplicantApi.checkPharmacy).toMatchObject({ method: 'POST', path: '/api/check_pharmacy' });
    expect(StaffApi.repPharmacies).toMatchObject({ method: 'GET', path: '/api/v1/register/rep/pharmacies' });
  });
});
