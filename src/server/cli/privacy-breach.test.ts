// Issue 42 item 6: `npm run privacy -- breach --from --to` lists exactly the people whose records were
// read, changed or exported in the window (views, review actions, reps' visits, CSV exports), with
// their subject kind and contact; what happened just before `from` or at `to` is left out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEntries, csvExports, fieldExtraPharmacists, fieldPharmacies, recordViews, reviewAudit } from '../db/schema.ts';
import type { StaffUser } from '../services/auth/staff-users.ts';
import { solveCaptcha } from '../test/bot-check.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { validApplication } from '../test/payloads.ts';
import { addStaff } from '../test/staff.ts';
import { runBreachCommand, type BreachReport } from './privacy-breach.ts';

let ctx: TestContext;
let manager: StaffUser;
const FROM = new Date('2030-01-10T00:00:00Z');
const TO = new Date('2030-01-11T00:00:00Z');
const hour = (n: number) => new Date(FROM.getTime() + n * 3600_000);

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => new Date('2029-12-01T10:00:00Z') });
  manager = await addStaff(ctx, 'area_manager');
});
afterAll(() => ctx?.close());

async function application(email: string): Promise<string> {
  const saved = await ctx.app.inject({
    method: 'POST',
    url: '/api/save-pharmacist',
    payload: { ...validApplication({ country: 'it' }), email, recaptchaToken: await solveCaptcha(ctx.app) },
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  return saved.json().data.id as string;
}

async function pharmacy(name: string, email: string, extraEmail?: string): Promise<string> {
  const answers: Record<string, unknown> = {
    firstName: 'Anna',
    lastName: name,
    email,
    ...(extraEmail ? { firstName2: 'Luca', lastName2: name, email2: extraEmail } : {}),
  };
  const [row] = await ctx.database.db
    .insert(fieldPharmacies)
    .values({
      areaManagerId: manager.id,
      name,
      fullAddress: `Via ${name} 1`,
      answers,
      pharmacistMailbox: email,
      pharmacistStatus: 'awaiting',
      confirmationRequestedAt: hour(-100),
      confirmationLanguage: 'it',
    })
    .returning({ id: fieldPharmacies.id });
  if (extraEmail)
    await ctx.database.db
      .insert(fieldExtraPharmacists)
      .values({ fieldPharmacyId: row!.id, number: 2, pharmacistMailbox: extraEmail, pharmacistStatus: 'awaiting', confirmationRequestedAt: hour(-100) });
  return row!.id;
}

function run(args: string[]) {
  const lines: string[] = [];
  const errors: string[] = [];
  return runBreachCommand({ db: ctx.database.db, out: { log: (line) => lines.push(line), error: (line) => errors.push(line) } }, args).then((code) => ({
    code,
    output: lines.join('\n'),
    errors: errors.join('\n'),
  }));
}

describe('npm run privacy -- breach', () => {
  it('lists exactly the people touched in the window, with their kind, what happened and their contact', async () => {
    const db = ctx.database.db;
    const read = await application('letta@example.it');
    const decided = await application('decisa@example.it');
    const before = await application('prima@example.it');
    const atTheEnd = await application('dopo@example.it');
    const visited = await pharmacy('Visitata', 'prima.farmacista@example.it', 'seconda.farmacista@example.it');
    const exported = await pharmacy('Esportata', 'esportata@example.it');
    const exportedLater = await pharmacy('Dopo', 'tardi@example.it');

    await db.insert(recordViews).values([
      { at: hour(1), actorId: manager.id, actorRole: 'reviewer', record: 'application', recordId: read },
      { at: new Date(FROM.getTime() - 1), actorId: manager.id, actorRole: 'reviewer', record: 'application', recordId: before },
    ]);
    await db.insert(reviewAudit).values([
      { at: hour(2), applicationId: decided, action: 'approve', fromStatus: 'submitted', toStatus: 'approved' },
      { at: TO, applicationId: atTheEnd, action: 'reject', fromStatus: 'submitted', toStatus: 'rejected' },
    ]);
    await db.insert(callEntries).values({ pharmacyId: visited, at: hour(3), byUserId: manager.id, callFlag: 'visited' });
    await db.insert(csvExports).values([
      { at: hour(4), actorId: manager.id, actorRole: 'area_manager', areaManagerId: manager.id, rows: 1, format: 'machine', fieldPharmacyIds: [exported] },
      {
        at: new Date(TO.getTime() + 60_000),
        actorId: manager.id,
        actorRole: 'area_manager',
        areaManagerId: manager.id,
        rows: 1,
        format: 'machine',
        fieldPharmacyIds: [exportedLater],
      },
    ]);

    const { code, output } = await run(['--from', FROM.toISOString(), '--to', TO.toISOString(), '--format', 'json']);
    expect(code).toBe(0);
    const report = JSON.parse(output) as BreachReport;
    const listed = report.people.map((p) => ({ subject: p.subject, recordId: p.recordId, number: p.number, touched: p.touched, email: p.contact?.email }));
    expect(listed).toEqual(
      [
        { subject: 'applicant', recordId: read, number: null, touched: ['read'], email: 'letta@example.it' },
        { subject: 'applicant', recordId: decided, number: null, touched: ['changed'], email: 'decisa@example.it' },
        { subject: 'extra_pharmacist', recordId: visited, number: 2, touched: ['changed'], email: 'seconda.farmacista@example.it' },
        { subject: 'field_pharmacist', recordId: visited, number: null, touched: ['changed'], email: 'prima.farmacista@example.it' },
        { subject: 'field_pharmacist', recordId: exported, number: null, touched: ['exported'], email: 'esportata@example.it' },
      ].sort((a, b) => a.subject.localeCompare(b.subject) || a.recordId.localeCompare(b.recordId)),
    );
    expect(report.people.find((p) => p.recordId === read)).toMatchObject({ first: hour(1).toISOString(), contact: { language: 'it', market: 'it' } });
    expect(report.exportsWithoutList).toEqual([]);

    const markdown = await run(['--from', FROM.toISOString(), '--to', TO.toISOString()]);
    expect(markdown.output).toContain('5 people');
    expect(markdown.output).toContain('letta@example.it');
    expect(markdown.output).not.toContain('prima@example.it');
  });

  it('refuses a window without both ends, in the wrong order or in an unknown format', async () => {
    for (const args of [
      ['--from', FROM.toISOString()],
      ['--from', TO.toISOString(), '--to', FROM.toISOString()],
      ['--from', 'yesterday', '--to', TO.toISOString()],
      ['--from', FROM.toISOString(), '--to', TO.toISOString(), '--format', 'xml'],
    ]) {
      const { code, errors } = await run(args);
      expect(code).toBe(2);
      expect(errors).toContain('npm run privacy -- breach');
    }
  });
});
