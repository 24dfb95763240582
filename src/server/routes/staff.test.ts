import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, callEntries, fieldPharmacies, files } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { multipartBody, pdfBytes } from '../test/multipart.ts';
import { addStaff, signIn } from '../test/staff.ts';
import type { StaffUser } from '../services/auth/staff-users.ts';
import { solveCaptcha } from '../test/bot-check.ts';
import { germanApplication } from '../test/payloads.ts';

let ctx: TestContext;
const people = {} as Record<'admin' | 'reviewer' | 'ownAm' | 'otherAm' | 'rep' | 'otherRep', StaffUser>;
const cookies = {} as Record<'anonymous' | 'rep' | 'otherAm' | 'ownAm' | 'reviewer' | 'admin', string | undefined>;
let pharmacyId = '';
let certificateId = '';
let certificate: Buffer = Buffer.alloc(0);

beforeAll(async () => {
  ctx = await createTestContext();
  people.admin = await addStaff(ctx, 'main_admin');
  people.reviewer = await addStaff(ctx, 'reviewer');
  people.ownAm = await addStaff(ctx, 'area_manager');
  people.otherAm = await addStaff(ctx, 'area_manager');
  people.rep = await addStaff(ctx, 'sales_rep', { areaManagerId: people.ownAm.id });
  people.otherRep = await addStaff(ctx, 'sales_rep', { areaManagerId: people.otherAm.id });
  cookies.anonymous = undefined;
  cookies.rep = (await signIn(ctx, people.rep)).cookie;
  cookies.otherAm = (await signIn(ctx, people.otherAm)).cookie;
  cookies.ownAm = (await signIn(ctx, people.ownAm)).cookie;
  cookies.reviewer = (await signIn(ctx, people.reviewer)).cookie;
  cookies.admin = (await signIn(ctx, people.admin)).cookie;

  const [pharmacy] = await ctx.database.db
    .insert(fieldPharmacies)
    .values({
      areaManagerId: people.ownAm.id,
      salesRepId: people.rep.id,
      name: 'Farmacia Segreta',
      fullAddress: 'Via Riservata 1, 00185 Roma RM',
      currentCallFlag: 'joined_unify',
      month: 3,
      city: 'Roma',
      region: 'lazio',
      province: 'RM',
    })
    .returning();
  pharmacyId = pharmacy!.id;
  await ctx.database.db.insert(callEntries).values([
    { pharmacyId, at: new Date('2026-01-10T10:00:00Z'), byUserId: people.rep.id, callFlag: 'appointment_scheduled', month: 1, note: 'Primo contatto' },
    { pharmacyId, at: new Date('2026-03-02T10:00:00Z'), byUserId: people.rep.id, callFlag: 'joined_unify', month: 3, note: 'Adesione' },
  ]);
  await ctx.database.db
    .insert(fieldPharmacies)
    .values({ areaManagerId: people.otherAm.id, salesRepId: people.otherRep.id, name: 'Farmacia Altrui', fullAddress: 'Via Altrove 2, 20121 Milano MI' });

  certificate = pdfBytes(2048);
  const payload = germanApplication();
  const body = multipartBody({ ...payload, recaptchaToken: await solveCaptcha(ctx.app) }, [
    { filename: 'c.pdf', contentType: 'application/pdf', content: certificate },
  ]);
  const saved = await ctx.app.inject({ method: 'POST', url: '/api/save-pharmacist', ...body });
  expect(saved.statusCode).toBe(200);
  const [file] = await ctx.database.db
    .select({ id: files.id })
    .from(files)
    .innerJoin(applications, eq(files.applicationId, applications.id))
    .where(eq(applications.id, saved.json().data.id));
  certificateId = file!.id;
});
afterAll(async () => {
  await ctx?.close();
});

type Actor = keyof typeof cookies;
const ACTORS: Actor[] = ['anonymous', 'rep', 'otherAm', 'ownAm', 'reviewer', 'admin'];
let added = 0;

interface Endpoint {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  url: () => string;
  payload?: () => Record<string, unknown>;
  expected: Record<Actor, number>;
}

// The access-control matrix: every staff endpoint, every kind of caller, exactly one status.
const MATRIX: Endpoint[] = [
  {
    name: 'GET /api/mainadmin-get-areamanagers',
    method: 'GET',
    url: () => '/api/mainadmin-get-areamanagers',
    expected: { anonymous: 401, rep: 403, otherAm: 403, ownAm: 403, reviewer: 403, admin: 200 },
  },
  {
    name: 'POST /api/mainadmin-add-areamanager',
    method: 'POST',
    url: () => '/api/mainadmin-add-areamanager',
    payload: () => ({ email: `nuovo.am${++added}@example.it`, firstName: 'Paola', lastName: 'Neri' }),
    expected: { anonymous: 401, rep: 403, otherAm: 403, ownAm: 403, reviewer: 403, admin: 200 },
  },
  {
    name: 'GET /api/areamanager-get-pharmacies',
    method: 'GET',
    url: () => `/api/areamanager-get-pharmacies?id=${people.ownAm.id}`,
    expected: { anonymous: 401, rep: 403, otherAm: 403, ownAm: 200, reviewer: 403, admin: 200 },
  },
  {
    name: 'GET /api/areamanager-get-reps',
    method: 'GET',
    url: () => `/api/areamanager-get-reps?id=${people.ownAm.id}`,
    expected: { anonymous: 401, rep: 403, otherAm: 403, ownAm: 200, reviewer: 403, admin: 200 },
  },
  {
    name: 'GET /api/v1/register/rep/pharmacies',
    method: 'GET',
    url: () => `/api/v1/register/rep/pharmacies?assignedreptoken=${people.rep.id}`,
    expected: { anonymous: 401, rep: 200, otherAm: 403, ownAm: 200, reviewer: 403, admin: 200 },
  },
  {
    name: 'GET /api/rep-get-pharmacy',
    method: 'GET',
    url: () => `/api/rep-get-pharmacy?id=${pharmacyId}`,
    expected: { anonymous: 401, rep: 200, otherAm: 403, ownAm: 200, reviewer: 403, admin: 200 },
  },
  {
    name: 'GET /api/files/certificates/:fileId',
    method: 'GET',
    url: () => `/api/files/certificates/${certificateId}`,
    expected: { anonymous: 401, rep: 403, otherAm: 403, ownAm: 403, reviewer: 200, admin: 200 },
  },
  {
    name: 'GET /api/areamanager-get-pharmacy',
    method: 'GET',
    url: () => `/api/areamanager-get-pharmacy?id=${pharmacyId}`,
    expected: { anonymous: 401, rep: 403, otherAm: 403, ownAm: 200, reviewer: 403, admin: 200 },
  },
  {
    name: 'GET /api/areamanager-accord-csv',
    method: 'GET',
    url: () => `/api/areamanager-accord-csv?id=${people.ownAm.id}`,
    expected: { anonymous: 401, rep: 403, otherAm: 403, ownAm: 200, reviewer: 403, admin: 200 },
  },
  {
    name: 'POST /api/areamanager-add-rep',
    method: 'POST',
    url: () => '/api/areamanager-add-rep',
    payload: () => ({
      email: `nuovo.rep${++added}@example.it`,
      firstName: 'Paolo',
      lastName: 'Neri',
      areaManagerId: people.ownAm.id,
      appStoreCountry: 'it',
      formLanguage: 'it',
    }),
    expected: { anonymous: 401, rep: 403, otherAm: 403, ownAm: 200, reviewer: 403, admin: 200 },
  },
  {
    name: 'PUT /api/areamanager-update-pharmacy',
    method: 'PUT',
    url: () => '/api/areamanager-update-pharmacy',
    payload: () => ({
      pharmacyId,
      salesRep: people.rep.id,
      whereYouWork: 'Farmacia Segreta',
      placeId: 'manual:0123456789abcdef0123456789abcdef',
      lat: 41.9,
      lng: 12.5,
      address: 'Via Riservata 1, 00185 Roma RM',
      city: 'Roma',
      region: 'lazio',
      prov: 'RM',
    }),
    expected: { anonymous: 401, rep: 403, otherAm: 403, ownAm: 200, reviewer: 403, admin: 200 },
  },
  {
    name: 'GET /api/auth/me',
    method: 'GET',
    url: () => '/api/auth/me',
    expected: { anonymous: 401, rep: 200, otherAm: 200, ownAm: 200, reviewer: 200, admin: 200 },
  },
];

/** Strings that would betray a record in a refusal. */
const secrets = () => [pharmacyId, 'Farmacia', 'Via Riservata', people.rep.id, people.ownAm.id, people.ownAm.email, people.rep.lastName, '%PDF'];

function call(endpoint: Endpoint, actor: Actor) {
  const cookie = cookies[actor];
  return ctx.app.inject({
    method: endpoint.method,
    url: endpoint.url(),
    headers: cookie ? { cookie } : {},
    ...(endpoint.payload ? { payload: endpoint.payload() } : {}),
  });
}

describe('staff API access-control matrix', () => {
  for (const endpoint of MATRIX) {
    for (const actor of ACTORS) {
      const expected = endpoint.expected[actor];
      it(`${endpoint.name} as ${actor} → ${expected}`, async () => {
        const response = await call(endpoint, actor);
        expect(response.statusCode).toBe(expected);
        if (expected === 401 || expected === 403) {
          expect(response.json()).toEqual({ status: 'failed', message: expected === 401 ? 'unauthorized' : 'forbidden' });
          for (const secret of secrets()) expect(response.body).not.toContain(secret);
        }
        expect(response.headers['cache-control']).toContain('no-store');
      });
    }
  }
});

describe('staff API answers', () => {
  const get = (url: string, actor: Actor) => ctx.app.inject({ method: 'GET', url, headers: cookies[actor] ? { cookie: cookies[actor]! } : {} });

  it('lists area managers for the main admin', async () => {
    const response = await get('/api/mainadmin-get-areamanagers', 'admin');
    const data = response.json().data as { id: string; email: string; firstName: string; lastName: string }[];
    expect(data).toEqual(
      expect.arrayContaining([{ id: people.ownAm.id, email: people.ownAm.email, firstName: people.ownAm.firstName, lastName: people.ownAm.lastName }]),
    );
    expect(data.every((am) => Object.keys(am).sort().join() === 'email,firstName,id,lastName')).toBe(true);
  });

  it('adds an area manager once; a duplicate e-mail (any case) is 409', async () => {
    const payload = { email: 'Unico.AM@example.it', firstName: 'Sara', lastName: 'Gallo' };
    const first = await ctx.app.inject({ method: 'POST', url: '/api/mainadmin-add-areamanager', headers: { cookie: cookies.admin! }, payload });
    expect(first.json()).toEqual({ status: 'ok', data: { id: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/mainadmin-add-areamanager',
      headers: { cookie: cookies.admin! },
      payload: { ...payload, email: 'unico.am@EXAMPLE.it' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 'failed', message: 'errorEmailRegistered' });
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/mainadmin-add-areamanager', headers: { cookie: cookies.admin! }, payload: { email: 'x' } });
    expect(bad.statusCode).toBe(400);
    const form = await ctx.app.inject({
      method: 'POST',
      url: '/api/mainadmin-add-areamanager',
      headers: { cookie: cookies.admin!, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.it',
    });
    expect(form.statusCode).toBe(400);
  });

  it("gives the area manager's pharmacies (one page and a total, no call history), and their reps", async () => {
    const response = await get(`/api/areamanager-get-pharmacies?id=${people.ownAm.id}`, 'ownAm');
    expect(response.json()).toEqual({
      status: 'ok',
      data: [
        {
          id: pharmacyId,
          pharmacyName: 'Farmacia Segreta',
          fullAddress: 'Via Riservata 1, 00185 Roma RM',
          city: 'Roma',
          currentCallFlag: 'joined_unify',
          repName: `${people.rep.firstName} ${people.rep.lastName}`,
          nextVisit: null,
          pharmacist: null,
        },
      ],
      total: 1,
    });
    const reps = await get(`/api/areamanager-get-reps?id=${people.ownAm.id}`, 'ownAm');
    // The matrix above added reps of their own to this manager.
    expect(reps.json().data).toContainEqual({ firstName: people.rep.firstName, lastName: people.rep.lastName, nid: people.rep.id });
  });

  it("gives a rep's pharmacies as a plain list, and one pharmacy's fields", async () => {
    const list = await get(`/api/v1/register/rep/pharmacies?assignedreptoken=${people.rep.id}`, 'rep');
    expect(Array.isArray(list.json())).toBe(true);
    expect(list.json().map((p: { id: string }) => p.id)).toEqual([pharmacyId]);
    const one = await get(`/api/rep-get-pharmacy?id=${pharmacyId}`, 'rep');
    expect(one.json().data).toMatchObject({
      id: pharmacyId,
      whereYouWork: 'Farmacia Segreta',
      address: 'Via Riservata 1, 00185 Roma RM',
      callFlag: 'joined_unify',
      month: 3,
      city: 'Roma',
      province: 'RM',
      pharmacyRegion: 'lazio',
      areaManagerId: people.ownAm.id,
    });
  });

  it.each([
    ['a malformed id', '/api/areamanager-get-pharmacies?id=12', 'ownAm', 400],
    ['no id', '/api/areamanager-get-reps', 'admin', 400],
    ['another area manager id', `/api/areamanager-get-pharmacies?id=${'0'.repeat(8)}-0000-4000-8000-000000000000`, 'ownAm', 403],
    ['an unknown area manager (main admin)', `/api/areamanager-get-pharmacies?id=${'0'.repeat(8)}-0000-4000-8000-000000000000`, 'admin', 404],
    ["another rep's list (rep)", () => `/api/v1/register/rep/pharmacies?assignedreptoken=${people.otherRep.id}`, 'rep', 403],
    ['an unknown rep (main admin)', `/api/v1/register/rep/pharmacies?assignedreptoken=${'0'.repeat(8)}-0000-4000-8000-000000000000`, 'admin', 404],
    ['an unknown pharmacy (rep)', `/api/rep-get-pharmacy?id=${'0'.repeat(8)}-0000-4000-8000-000000000000`, 'rep', 403],
    ['an unknown pharmacy (main admin)', `/api/rep-get-pharmacy?id=${'0'.repeat(8)}-0000-4000-8000-000000000000`, 'admin', 404],
    ['a malformed certificate id', '/api/files/certificates/..%2f..%2fsecrets.json', 'reviewer', 400],
    ['an unknown certificate', `/api/files/certificates/${'0'.repeat(8)}-0000-4000-8000-000000000000`, 'reviewer', 404],
  ] as const)('answers %s with its status', async (_label, url, actor, status) => {
    const response = await get(typeof url === 'function' ? url() : url, actor);
    expect(response.statusCode).toBe(status);
    expect(response.body).not.toContain('Farmacia');
  });

  it('serves a certificate as a private download', async () => {
    const response = await get(`/api/files/certificates/${certificateId}`, 'reviewer');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="certificate-${certificateId}.pdf"`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.equals(certificate)).toBe(true);
  });

  it('answers 304 to a reviewer who holds the certificate, and only after the access check', async () => {
    const url = `/api/files/certificates/${certificateId}`;
    const etag = (await get(url, 'reviewer')).headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const conditional = (actor: Actor) =>
      ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag, ...(cookies[actor] ? { cookie: cookies[actor]! } : {}) } });
    const unchanged = await conditional('reviewer');
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.headers.etag).toBe(etag);
    expect(unchanged.headers['cache-control']).toBe('no-store');
    expect(unchanged.rawPayload.length).toBe(0);
    expect((await conditional('ownAm')).statusCode).toBe(403);
    expect((await conditional('anonymous')).statusCode).toBe(401);
  });
});
