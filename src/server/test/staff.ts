// Staff fixtures: add a user, sign them in (console link, plus TOTP for the roles that need it).
import type { LightMyRequestResponse } from 'fastify';
import type { StaffRole } from '#shared/schemas/staff.ts';
import { codeAt } from '../services/auth/totp.ts';
import type { StaffUser } from '../services/auth/staff-users.ts';
import type { TestContext } from './context.ts';

let counter = 0;

export async function addStaff(
  ctx: TestContext,
  role: StaffRole,
  extra: { areaManagerId?: string; email?: string; language?: 'it' | 'en' } = {},
): Promise<StaffUser> {
  counter += 1;
  const added = await ctx.app.services.auth.users.add({
    email: extra.email ?? `${role.replace('_', '.')}${counter}@example.it`,
    firstName: 'Giulia',
    lastName: `Bianchi${String.fromCharCode(65 + (counter % 26))}`,
    role,
    areaManagerId: extra.areaManagerId,
    language: extra.language ?? 'it',
  });
  if (added === 'duplicate') throw new Error('duplicate staff user');
  return (await ctx.app.services.auth.users.findById(added.id))!;
}

export const cookieOf = (response: LightMyRequestResponse, name: string) => response.cookies.find((c) => c.name === name);

export const tokenOfLink = (link: string) => new URL(link).searchParams.get('token')!;

export interface SignedIn {
  cookie: string;
  totpSecret?: string;
}

/** Signs a user in through a console link; enrols TOTP (at `at`) when the role needs it. */
export async function signIn(ctx: TestContext, user: StaffUser, at: () => Date = () => new Date()): Promise<SignedIn> {
  const link = await ctx.app.services.auth.consoleLink(user, 'http://localhost');
  const verified = await ctx.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token: tokenOfLink(link) } });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  let cookie = `pc_session=${cookieOf(verified, 'pc_session')!.value}`;
  if (verified.json().data.next !== 'totp-setup') return { cookie };

  const setup = await ctx.app.inject({ method: 'POST', url: '/api/auth/totp/setup', headers: { cookie }, payload: {} });
  const totpSecret = new URL(setup.json().data.otpauthUrl).searchParams.get('secret')!;
  const enabled = await ctx.app.inject({ method: 'POST', url: '/api/auth/totp/enable', headers: { cookie }, payload: { code: codeAt(totpSecret, at()) } });
  if (enabled.statusCode !== 200) throw new Error(`totp enable failed: ${enabled.body}`);
  cookie = `pc_session=${cookieOf(enabled, 'pc_session')!.value}`;
  return { cookie, totpSecret };
}
