// Staff sign-in: one-time e-mailed links bound to the browser that asked, server-side sessions
// with idle and absolute time-outs, and TOTP for the roles that see everything (DESIGN §7).
// Every time check uses the injected clock, never the database's, so tests can move time.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, count, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { routePath } from '#shared/routes.ts';
import { ROLES_NEEDING_TOTP, SIGN_IN_LINK_MINUTES, type SignInNext } from '#shared/schemas/staff.ts';
import { staffHomePath } from '#shared/staff-home.ts';
import { rowsOf, type Database } from '../../db/client.ts';
import { authEvents, signInLinks, staffSessions, staffUsers } from '../../db/schema.ts';
import type { Mailer } from '../mail/outbox.ts';
import { hashToken, newToken } from '../tokens.ts';
import { storedLanguage } from '../texts.ts';
import { signInMail } from './mail.ts';
import type { SecretBox } from './secret-box.ts';
import { rotateStaffKey } from './staff-key.ts';
import { createStaffUsers, type StaffUser } from './staff-users.ts';
import { enrolment, matchingStep, newTotpSecret, TOTP_LOCK_MINUTES, TOTP_MAX_FAILURES } from './totp.ts';

/** Console links (bootstrap, CLI) have no browser to bind to, so they live longer: decision 0003. */
const CONSOLE_LINK_HOURS = 24;
/** How often a session in use has its `last_seen_at` written: the idle end is exact to within this. */
const SESSION_TOUCH_MS = 60_000;
/** More link requests than this per address in 15 minutes are answered the same but not mailed. */
export const LINKS_PER_EMAIL_PER_15_MINUTES = 5;
/** Stands in for the user id of an unknown address, so that its link insert is the same statement. */
const NO_USER = '00000000-0000-0000-0000-000000000000';

type StaffSession = typeof staffSessions.$inferSelect;
export interface StaffContext {
  user: StaffUser;
  session: StaffSession;
}
export interface Actor {
  ip: string | null;
  userAgent: string | null;
}

export type VerifyResult =
  { ok: true; sessionToken: string; next: SignInNext; returnTo: string } | { ok: false; reason: 'unknown' | 'used' | 'expired' | 'other_browser' | 'disabled' };

/** `unreadable`: the stored secret opens with no key this server has; the code was not checked, nor counted. */
export type CodeResult = { ok: true; sessionToken: string } | { ok: false; reason: 'wrong' | 'locked' | 'unreadable' | 'not_enrolled' | 'already_enabled' };

const needsTotp = (user: Pick<StaffUser, 'role' | 'totpEnabledAt'>) => ROLES_NEEDING_TOTP.includes(user.role) || user.totpEnabledAt !== null;

export interface AuthOptions {
  mailer: Mailer;
  box: SecretBox;
  productName: string;
  idleMinutes: number;
  absoluteHours: number;
  now: () => Date;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

export function createAuthService(db: Database, options: AuthOptions) {
  const { now } = options;
  const users = createStaffUsers(db, now);
  const background = new Set<Promise<unknown>>();

  async function record(event: string, fields: { email?: string | null; userId?: string | null; detail?: string | null }, actor: Actor) {
    await db.insert(authEvents).values({
      at: now(),
      event,
      email: fields.email ?? null,
      userId: fields.userId ?? null,
      ip: actor.ip,
      userAgent: actor.userAgent?.slice(0, 500) ?? null,
      detail: fields.detail ?? null,
    });
    options.log?.info({ authEvent: event, userId: fields.userId ?? undefined, detail: fields.detail ?? undefined, ip: actor.ip }, `auth: ${event}`);
  }

  async function createSession(userId: string, mfaPassed: boolean, actor: Actor, absoluteExpiresAt?: Date): Promise<string> {
    const token = newToken(32);
    const at = now();
    await db.insert(staffSessions).values({
      id: hashToken(token),
      userId,
      createdAt: at,
      lastSeenAt: at,
      absoluteExpiresAt: absoluteExpiresAt ?? new Date(at.getTime() + options.absoluteHours * 3600_000),
      mfaPassed,
      ip: actor.ip,
      userAgent: actor.userAgent?.slice(0, 500) ?? null,
    });
    return token;
  }

  async function revoke(sessionId: string) {
    await db
      .update(staffSessions)
      .set({ revokedAt: now() })
      .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)));
  }

  async function insertLink(userId: string, bindingHash: string | null, returnTo: string | null, lifetimeMs: number): Promise<string> {
    const token = newToken(32);
    await db
      .insert(signInLinks)
      .values({ tokenHash: hashToken(token), userId, bindingHash, returnTo, expiresAt: new Date(now().getTime() + lifetimeMs), createdAt: now() });
    return token;
  }

  /**
   * Checks a TOTP code for the user. The attempt is counted (and the lock set at the
   * TOTP_MAX_FAILURES-th) in one statement before the code is evaluated, so however many codes
   * arrive at once, at most TOTP_MAX_FAILURES are evaluated per lock window. A right code clears
   * the count again. A secret that opens with no key of this server (sealed under another
   * STAFF_SECRET_KEY: a restore or a rotation the servers were not given) is the server's fault, not
   * the person's: logged as an error, and answered without counting the attempt (docs/decisions/0046).
   */
  async function checkCode(user: StaffUser, code: string, actor: Actor): Promise<'ok' | 'wrong' | 'locked' | 'unreadable'> {
    const secret = user.totpSecret ? options.box.open(user.totpSecret) : null;
    if (user.totpSecret && secret === null) {
      options.log?.error(
        { userId: user.id },
        'auth: this staff user\'s second-factor secret opens with neither STAFF_SECRET_KEY nor PREVIOUS_STAFF_SECRET_KEY: it was sealed under another key (a restore or a key rotation this server was not given); the code was not checked (README "Rotating the staff key")',
      );
      await record('totp_unreadable', { userId: user.id, email: user.email, detail: 'sealed under another key' }, actor);
      return 'unreadable';
    }
    const at = now();
    const lockEnd = new Date(at.getTime() + TOTP_LOCK_MINUTES * 60_000).toISOString();
    const reachesLimit = sql`${staffUsers.totpFailures} + 1 >= ${TOTP_MAX_FAILURES}`;
    const [claim] = await db
      .update(staffUsers)
      .set({
        totpFailures: sql`case when ${reachesLimit} then 0 else ${staffUsers.totpFailures} + 1 end`,
        totpLockedUntil: sql`case when ${reachesLimit} then ${lockEnd}::timestamptz else null end`,
      })
      .where(and(eq(staffUsers.id, user.id), or(isNull(staffUsers.totpLockedUntil), lte(staffUsers.totpLockedUntil, at))))
      .returning({ lockedUntil: staffUsers.totpLockedUntil });
    if (!claim) {
      await record('totp_refused', { userId: user.id, email: user.email, detail: 'locked' }, actor);
      return 'locked';
    }
    const step = secret ? matchingStep(secret, code, at) : null;
    if (step !== null) {
      // Accepted once: the update only succeeds for a step later than the last accepted one.
      const [accepted] = await db
        .update(staffUsers)
        .set({ totpLastStep: step, totpFailures: 0, totpLockedUntil: null })
        .where(and(eq(staffUsers.id, user.id), or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step))))
        .returning({ id: staffUsers.id });
      if (accepted) return 'ok';
    }
    const locked = claim.lockedUntil !== null;
    await record(locked ? 'totp_locked' : 'totp_failed', { userId: user.id, email: user.email, detail: step === null ? 'wrong code' : 'code reused' }, actor);
    return locked ? 'locked' : 'wrong';
  }

  /** After the second factor: a new session id (the old one is revoked), same absolute end. */
  async function promote(context: StaffContext, actor: Actor): Promise<string> {
    await revoke(context.session.id);
    return createSession(context.user.id, true, actor, context.session.absoluteExpiresAt);
  }

  return {
    users,

    /** Resolves when every mail sent in the background has been handed over (tests, shutdown). */
    async settled() {
      await Promise.allSettled([...background]);
    },

    /**
     * Records the request and, for an active staff user, mails a link bound to the browser's
     * binding value. Known, unknown, disabled and throttled addresses take the same path (ASVS
     * 6.3: no enumeration by timing): a token is made and hashed, the same four statements run
     * (the link insert selects the user, and inserts nothing when there is none to mail), and the
     * mail is written and sent after the answer, in the background.
     */
    async requestLink(input: { email: string; returnTo: string | null; origin: string; basePath: string; binding: string }, actor: Actor): Promise<void> {
      const email = input.email.trim().toLowerCase();
      const at = now();
      const token = newToken(32);
      const tokenHash = hashToken(token);
      const bindingHash = hashToken(input.binding);
      const [recent] = await db
        .select({ n: count() })
        .from(authEvents)
        .where(and(eq(authEvents.email, email), eq(authEvents.event, 'sign_in_link_requested'), gt(authEvents.at, new Date(at.getTime() - 15 * 60_000))));
      const user = await users.findByEmail(email);
      const throttled = (recent?.n ?? 0) >= LINKS_PER_EMAIL_PER_15_MINUTES;
      const detail = throttled ? 'throttled' : !user ? 'unknown address' : user.disabledAt ? 'disabled' : 'sent';
      await record('sign_in_link_requested', { email, userId: user?.id, detail }, actor);
      const returnTo = input.returnTo ?? (user ? `${input.basePath}${staffHomePath(user)}` : null);
      const expiresAt = new Date(at.getTime() + SIGN_IN_LINK_MINUTES * 60_000);
      const inserted = await db.execute(sql`
        insert into sign_in_links (token_hash, user_id, binding_hash, return_to, expires_at, created_at)
        select ${tokenHash}, ${staffUsers.id}, ${bindingHash}, ${returnTo}, ${expiresAt.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
        from ${staffUsers}
        where ${staffUsers.id} = ${user?.id ?? NO_USER}::uuid and ${detail === 'sent'}::boolean
        returning user_id`);
      if (rowsOf(inserted).length === 0 || !user) return;

      const link = `${input.origin}${input.basePath}${routePath('verifySignIn')}?token=${token}`;
      const sending = nextTurn()
        .then(() => options.mailer.sendMail({ to: user.email, ...signInMail(storedLanguage(user.language), user.firstName, link, options.productName) }))
        .catch((error: unknown) => options.log?.error({ err: error }, 'sign-in mail failed'))
        .finally(() => background.delete(sending));
      background.add(sending);
    },

    /**
     * A lost authenticator (ASVS 6.6): forgets the user's TOTP secret and ends their sessions, so
     * the next sign-in enrols a new authenticator. Only from the console (`npm run staff`).
     */
    async resetSecondFactor(email: string, actor: Actor): Promise<StaffUser | null> {
      const user = await users.findByEmail(email);
      if (!user || user.disabledAt) return null;
      const at = now();
      await db.transaction(async (tx) => {
        await tx
          .update(staffUsers)
          .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, totpFailures: 0, totpLockedUntil: null })
          .where(eq(staffUsers.id, user.id));
        await tx
          .update(staffSessions)
          .set({ revokedAt: at })
          .where(and(eq(staffSessions.userId, user.id), isNull(staffSessions.revokedAt)));
      });
      await record('totp_reset', { userId: user.id, email: user.email }, actor);
      return (await users.findById(user.id))!;
    },

    /** A link for the console (bootstrap, CLI): not bound to a browser, valid 24 hours, works once. */
    async consoleLink(user: StaffUser, linkBase: string): Promise<string> {
      const token = await insertLink(user.id, null, null, CONSOLE_LINK_HOURS * 3600_000);
      return `${linkBase}${routePath('verifySignIn')}?token=${token}`;
    },

    async verify(input: { token: string; binding: string | undefined; previousSession: string | undefined }, actor: Actor): Promise<VerifyResult> {
      const tokenHash = hashToken(input.token);
      const [row] = await db
        .select()
        .from(signInLinks)
        .innerJoin(staffUsers, eq(signInLinks.userId, staffUsers.id))
        .where(eq(signInLinks.tokenHash, tokenHash));
      const refuse = async (reason: Extract<VerifyResult, { ok: false }>['reason']): Promise<VerifyResult> => {
        await record('sign_in_refused', { userId: row?.staff_users.id, email: row?.staff_users.email, detail: reason }, actor);
        return { ok: false, reason };
      };
      if (!row) return refuse('unknown');
      const { sign_in_links: link, staff_users: user } = row;
      if (link.usedAt) return refuse('used');
      if (link.expiresAt <= now()) return refuse('expired');
      // A wrong browser does not use the link up: whoever holds a stolen link cannot spoil it either.
      if (link.bindingHash && (!input.binding || hashToken(input.binding) !== link.bindingHash)) return refuse('other_browser');
      if (user.disabledAt) return refuse('disabled');
      const [consumed] = await db
        .update(signInLinks)
        .set({ usedAt: now() })
        .where(and(eq(signInLinks.tokenHash, tokenHash), isNull(signInLinks.usedAt)))
        .returning({ tokenHash: signInLinks.tokenHash });
      if (!consumed) return refuse('used');

      if (input.previousSession) await revoke(hashToken(input.previousSession));
      const totp = needsTotp(user);
      const sessionToken = await createSession(user.id, !totp, actor);
      await record('sign_in', { userId: user.id, email: user.email, detail: link.bindingHash ? 'e-mailed link' : 'console link' }, actor);
      const next: SignInNext = !totp ? 'done' : user.totpEnabledAt ? 'totp' : 'totp-setup';
      return { ok: true, sessionToken, next, returnTo: link.returnTo ?? staffHomePath(user) };
    },

    /**
     * The session behind a cookie value, if it is still good. Use restarts its idle clock, written
     * at most once a minute (SESSION_TOUCH_MS): most staff requests only read (issue 26).
     */
    async authenticate(sessionToken: string | undefined): Promise<StaffContext | null> {
      if (!sessionToken || sessionToken.length > 100) return null;
      const at = now();
      // Good: not revoked, user not disabled, before its absolute end and its idle end.
      const [row] = await db
        .select()
        .from(staffSessions)
        .innerJoin(staffUsers, eq(staffSessions.userId, staffUsers.id))
        .where(
          and(
            eq(staffSessions.id, hashToken(sessionToken)),
            isNull(staffSessions.revokedAt),
            isNull(staffUsers.disabledAt),
            gt(staffSessions.absoluteExpiresAt, at),
            gt(staffSessions.lastSeenAt, new Date(at.getTime() - options.idleMinutes * 60_000)),
          ),
        );
      if (!row) return null;
      const { staff_users: user, staff_sessions: session } = row;
      if (at.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_MS) {
        // Guarded, so that servers touching the same session at once write it once.
        await db
          .update(staffSessions)
          .set({ lastSeenAt: at })
          .where(and(eq(staffSessions.id, session.id), lte(staffSessions.lastSeenAt, new Date(at.getTime() - SESSION_TOUCH_MS))));
        session.lastSeenAt = at;
      }
      return { user, session };
    },

    async totpSetup(context: StaffContext): Promise<{ otpauthUrl: string; qrSvg: string } | null> {
      if (context.user.totpEnabledAt) return null;
      const secret = newTotpSecret();
      await db
        .update(staffUsers)
        .set({ totpSecret: options.box.seal(secret) })
        .where(and(eq(staffUsers.id, context.user.id), isNull(staffUsers.totpEnabledAt)));
      return enrolment(secret, options.productName, context.user.email);
    },

    async totpEnable(context: StaffContext, code: string, actor: Actor): Promise<CodeResult> {
      const user = await users.findById(context.user.id);
      if (!user) return { ok: false, reason: 'not_enrolled' };
      if (user.totpEnabledAt) return { ok: false, reason: 'already_enabled' };
      if (!user.totpSecret) return { ok: false, reason: 'not_enrolled' };
      const result = await checkCode(user, code, actor);
      if (result !== 'ok') return { ok: false, reason: result };
      await db.update(staffUsers).set({ totpEnabledAt: now() }).where(eq(staffUsers.id, user.id));
      await record('totp_enabled', { userId: user.id, email: user.email }, actor);
      return { ok: true, sessionToken: await promote(context, actor) };
    },

    async totpVerify(context: StaffContext, code: string, actor: Actor): Promise<CodeResult> {
      const user = await users.findById(context.user.id);
      if (!user?.totpEnabledAt) return { ok: false, reason: 'not_enrolled' };
      const result = await checkCode(user, code, actor);
      if (result !== 'ok') return { ok: false, reason: result };
      await record('totp_passed', { userId: user.id, email: user.email }, actor);
      return { ok: true, sessionToken: await promote(context, actor) };
    },

    async signOut(context: StaffContext, actor: Actor) {
      await revoke(context.session.id);
      await record('sign_out', { userId: context.user.id, email: context.user.email }, actor);
    },

    /** Every stored secret sealed under the new key, in one transaction; this service seals under it from now on (staff-key.ts). */
    rotateStaffKey(newKeyText: string) {
      return rotateStaffKey(db, options.box, newKeyText);
    },

    /** Deletes links and sessions that can no longer be used. */
    async purgeExpired(at = now()): Promise<number> {
      const links = await db.delete(signInLinks).where(lt(signInLinks.expiresAt, at)).returning({ h: signInLinks.tokenHash });
      const sessions = await db.delete(staffSessions).where(lt(staffSessions.absoluteExpiresAt, at)).returning({ id: staffSessions.id });
      return links.length + sessions.length;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
