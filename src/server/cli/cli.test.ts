import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEvents, callEntries, fieldPharmacies, staffSessions, staffUsers } from '../db/schema.ts';
import { bootstrapMainAdmin, consoleLinkBase } from '../services/auth/bootstrap.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { tokenOfLink } from '../test/staff.ts';
import { seedDemo } from './seed-demo.ts';
import { EXPORT_FORMAT } from '../services/field-force/accord-csv.ts';
import { runStaffCommand } from './staff-cli.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function capture() {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: { log: (l: string) => lines.push(l), error: (l: string) => errors.push(l) } };
}

const verifyLink = (link: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token: tokenOfLink(link) } });

describe('bootstrap', () => {
  it('creates the main admin and a console link once, when there is no staff user', async () => {
    const link = await bootstrapMainAdmin(ctx.app.services.auth, { ...ctx.config, publicUrl: null, port: 3000 });
    expect(link).toMatch(/^http:\/\/localhost:3000\/it\/signin\/verify\?token=[A-Za-z0-9_-]{43}$/);
    expect(await bootstrapMainAdmin(ctx.app.services.auth, { ...ctx.config, port: 3000 })).toBeNull();
    const admins = await ctx.database.db.select().from(staffUsers).where(eq(staffUsers.role, 'main_admin'));
    expect(admins.map((a) => a.email)).toEqual(['admin@example.com']);

    // Not bound to a browser, works once.
    const first = await verifyLink(link!);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ next: 'totp-setup', returnTo: '/areamanager/mainadmin' });
    expect((await verifyLink(link!)).statusCode).toBe(400);
  });
});

describe('the links a command prints', () => {
  it('start at PUBLIC_URL when it is set, else at localhost and the port (the running server passes its own)', () => {
    expect(consoleLinkBase({ publicUrl: 'https://champions.example.co.uk', port: 3000 })).toBe('https://champions.example.co.uk');
    expect(consoleLinkBase({ publicUrl: null, port: 8080 })).toBe('http://localhost:8080/it');
  });
});

describe('npm run staff', () => {
  it('adds an area manager and a rep of theirs, lists, disables and enables again', async () => {
    const am = capture();
    expect(
      await runStaffCommand(['add', '--role', 'area_manager', '--email', 'Anna.Verdi@example.it', '--first-name', 'Anna', '--last-name', 'Verdi'], {
        auth: ctx.app.services.auth,
        linkBase: 'http://localhost:3000/it',
        out: am.out,
      }),
    ).toBe(0);
    const link = am.lines.join('\n').match(/http:\/\/localhost:3000\/it\/signin\/verify\?token=\S+/)?.[0];
    expect(link).toBeDefined();
    expect((await verifyLink(link!)).json().data.next).toBe('done');

    const rep = capture();
    expect(
      await runStaffCommand(
        [
          'add',
          '--role',
          'sales_rep',
          '--email',
          'rep.verdi@example.it',
          '--first-name',
          'Rocco',
          '--last-name',
          'Neri',
          '--area-manager',
          'anna.verdi@example.it',
          '--language',
          'en',
        ],
        { auth: ctx.app.services.auth, linkBase: 'x', out: rep.out },
      ),
    ).toBe(0);
    const stored = await ctx.app.services.auth.users.findByEmail('rep.verdi@example.it');
    const manager = await ctx.app.services.auth.users.findByEmail('anna.verdi@example.it');
    expect(stored).toMatchObject({ role: 'sales_rep', areaManagerId: manager!.id, language: 'en' });

    const refused = capture();
    expect(
      await runStaffCommand(['add', '--role', 'sales_rep', '--email', 'r2@example.it', '--first-name', 'A', '--last-name', 'B'], {
        auth: ctx.app.services.auth,
        linkBase: 'x',
        out: refused.out,
      }),
    ).toBe(1);
    expect(
      await runStaffCommand(['add', '--role', 'area_manager', '--email', 'ANNA.verdi@example.it', '--first-name', 'A', '--last-name', 'B'], {
        auth: ctx.app.services.auth,
        linkBase: 'x',
        out: refused.out,
      }),
    ).toBe(1);
    expect(
      await runStaffCommand(['add', '--role', 'king', '--email', 'k@example.it', '--first-name', 'A', '--last-name', 'B'], {
        auth: ctx.app.services.auth,
        linkBase: 'x',
        out: refused.out,
      }),
    ).toBe(1);

    const list = capture();
    expect(await runStaffCommand(['list'], { auth: ctx.app.services.auth, linkBase: 'x', out: list.out })).toBe(0);
    expect(list.lines.join('\n')).toContain('rep.verdi@example.it');

    const disable = capture();
    expect(await runStaffCommand(['disable', '--email', 'rep.verdi@example.it'], { auth: ctx.app.services.auth, linkBase: 'x', out: disable.out })).toBe(0);
    expect((await ctx.app.services.auth.users.findByEmail('rep.verdi@example.it'))!.disabledAt).not.toBeNull();

    const enable = capture();
    expect(await runStaffCommand(['enable', '--email', 'rep.verdi@example.it'], { auth: ctx.app.services.auth, linkBase: 'x', out: enable.out })).toBe(0);
    expect((await ctx.app.services.auth.users.findByEmail('rep.verdi@example.it'))!.disabledAt).toBeNull();
    expect(await runStaffCommand(['enable', '--email', 'rep.verdi@example.it'], { auth: ctx.app.services.auth, linkBase: 'x', out: enable.out })).toBe(1);
  });

  it('without --language, writes to a reviewer in English and to the field team in Italian; its links open in their language', async () => {
    const { auth } = ctx.app.services;
    const reviewer = capture();
    expect(
      await runStaffCommand(['add', '--role', 'reviewer', '--email', 'ed.jones@example.com', '--first-name', 'Ed', '--last-name', 'Jones'], {
        auth,
        linkBase: 'http://localhost:3000/it',
        out: reviewer.out,
      }),
    ).toBe(0);
    expect(await auth.users.findByEmail('ed.jones@example.com')).toMatchObject({ language: 'en' });
    expect(reviewer.lines.join('\n')).toMatch(/http:\/\/localhost:3000\/it\/signin\/verify\?token=[A-Za-z0-9_-]+&lang=en$/m);

    const manager = capture();
    expect(
      await runStaffCommand(['add', '--role', 'area_manager', '--email', 'lia.neri@example.it', '--first-name', 'Lia', '--last-name', 'Neri'], {
        auth,
        linkBase: 'http://localhost:3000/it',
        out: manager.out,
      }),
    ).toBe(0);
    expect(await auth.users.findByEmail('lia.neri@example.it')).toMatchObject({ language: 'it' });

    const german = capture();
    expect(
      await runStaffCommand(['add', '--role', 'reviewer', '--email', 'jo.kurz@example.de', '--first-name', 'Jo', '--last-name', 'Kurz', '--language', 'de'], {
        auth,
        linkBase: 'http://localhost:3000/it',
        out: german.out,
      }),
    ).toBe(0);
    expect(german.lines.join('\n')).toMatch(/\/signin\/verify\?token=[A-Za-z0-9_-]+&lang=de$/m);
  });

  it('resets a lost authenticator: sessions end, and the next sign-in enrols a new one', async () => {
    const { auth } = ctx.app.services;
    const add = capture();
    expect(
      await runStaffCommand(['add', '--role', 'reviewer', '--email', 'rita.levi@example.com', '--first-name', 'Rita', '--last-name', 'Levi'], {
        auth,
        linkBase: 'http://localhost:3000/it',
        out: add.out,
      }),
    ).toBe(0);
    const rita = (await auth.users.findByEmail('rita.levi@example.com'))!;
    await ctx.database.db.update(staffUsers).set({ totpSecret: 'sealed', totpEnabledAt: new Date(), totpFailures: 3 }).where(eq(staffUsers.id, rita.id));
    const firstLink = add.lines.join('\n').match(/http:\/\/localhost:3000\/it\/signin\/verify\?token=\S+/)![0];
    expect((await verifyLink(firstLink)).json().data.next).toBe('totp'); // enrolled: a code is asked for
    expect(
      await ctx.database.db
        .select()
        .from(staffSessions)
        .where(and(eq(staffSessions.userId, rita.id), isNull(staffSessions.revokedAt))),
    ).toHaveLength(1);

    const reset = capture();
    expect(
      await runStaffCommand(['reset-second-factor', '--email', 'Rita.Levi@example.com'], { auth, linkBase: 'http://localhost:3000/it', out: reset.out }),
    ).toBe(0);
    expect(await auth.users.findById(rita.id)).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpFailures: 0 });
    expect(
      await ctx.database.db
        .select()
        .from(staffSessions)
        .where(and(eq(staffSessions.userId, rita.id), isNull(staffSessions.revokedAt))),
    ).toHaveLength(0);
    const events = await ctx.database.db
      .select()
      .from(authEvents)
      .where(and(eq(authEvents.userId, rita.id), eq(authEvents.event, 'totp_reset')));
    expect(events).toHaveLength(1);
    const newLink = reset.lines.join('\n').match(/http:\/\/localhost:3000\/it\/signin\/verify\?token=\S+/)![0];
    expect((await verifyLink(newLink)).json().data.next).toBe('totp-setup');

    const unknown = capture();
    expect(await runStaffCommand(['reset-second-factor', '--email', 'nobody@example.com'], { auth, linkBase: 'x', out: unknown.out })).toBe(1);
    expect(unknown.errors).toEqual(['No active staff user nobody@example.com.']);
  });

  it('runs as a script on its own data folder', { timeout: 120_000 }, () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'champions-cli-'));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' };
    const add = spawnSync(
      process.execPath,
      ['scripts/staff.ts', 'add', '--role', 'reviewer', '--email', 'rev@example.com', '--first-name', 'Rita', '--last-name', 'Levi', '--language', 'en'],
      { cwd: ROOT, env, encoding: 'utf8' },
    );
    expect(add.status, add.stderr).toBe(0);
    expect(add.stdout).toMatch(/Added reviewer rev@example.com[\s\S]*\/signin\/verify\?token=/);
    const list = spawnSync(process.execPath, ['scripts/staff.ts', 'list'], { cwd: ROOT, env, encoding: 'utf8' });
    expect(list.stdout).toContain('rev@example.com');
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false); // taken for each command, then released
  });
});

describe('npm run seed:demo', () => {
  it('loads the demo set and is idempotent', async () => {
    const first = await seedDemo(ctx.database.db, ctx.app.services.auth, 'http://localhost:3000/it');
    expect(first.pharmaciesAdded).toBe(40);
    expect(first.links).toHaveLength(6);
    const counts = async () => ({
      staff: (await ctx.database.db.select().from(staffUsers)).length,
      pharmacies: (await ctx.database.db.select().from(fieldPharmacies)).length,
      calls: (await ctx.database.db.select().from(callEntries)).length,
    });
    const before = await counts();
    const second = await seedDemo(ctx.database.db, ctx.app.services.auth, 'http://localhost:3000/it');
    expect(second.pharmaciesAdded).toBe(0);
    expect(await counts()).toEqual(before);
    expect(before.calls).toBeGreaterThan(20);
    // Visits over the past year, with joins for the dashboard and next visits for open ones.
    const calls = await ctx.database.db.select().from(callEntries);
    const ages = calls.map((c) => (Date.now() - c.at.getTime()) / (24 * 3600_000));
    expect(Math.max(...ages)).toBeGreaterThan(270);
    expect(Math.max(...ages)).toBeLessThan(366);
    expect(Math.min(...ages)).toBeGreaterThan(0);
    expect(calls.filter((c) => c.callFlag === 'joined_unify').length).toBeGreaterThan(5);
    expect(calls.some((c) => c.nextVisit !== null)).toBe(true);
    // Each pharmacy's CSV export record is stored, as the app's own writes store it.
    expect((await ctx.database.db.select().from(fieldPharmacies)).filter((p) => p.exportFormat !== EXPORT_FORMAT)).toEqual([]);

    const roles = first.users.map((u) => u.role).sort();
    expect(roles).toEqual(['area_manager', 'area_manager', 'main_admin', 'sales_rep', 'sales_rep', 'sales_rep']);
    const reps = first.users.filter((u) => u.role === 'sales_rep');
    const managers = new Set(first.users.filter((u) => u.role === 'area_manager').map((u) => u.id));
    expect(reps.every((r) => r.areaManagerId && managers.has(r.areaManagerId))).toBe(true);
    const rows = await ctx.database.db.select().from(fieldPharmacies);
    expect(new Set(rows.map((r) => r.city)).size).toBe(10);
    // A rep's pharmacies belong to the rep's own manager.
    for (const row of rows.filter((r) => r.salesRepId)) expect(reps.find((r) => r.id === row.salesRepId)!.areaManagerId).toBe(row.areaManagerId);
    // The printed links sign in (the rep here).
    const repLink = first.links.find((l) => l.user.role === 'sales_rep')!.link;
    expect((await verifyLink(repLink)).statusCode).toBe(200);
  });
});
