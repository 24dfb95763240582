// Who may read or write whose data (DESIGN §5): the main admin everything, an area manager their
// own area (their reps and pharmacies), a rep their own pharmacies, reviewers applications (and
// their certificates). One table decides; `requireAccess` applies it to a route as a preHandler,
// after `requireStaff`. Anything not allowed is 403 with no data, whether or not the record
// exists; only the main admin, who may see every record, is told 404 for a missing one.
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ApiMessage } from '#shared/schemas/api.ts';
import { UUID_PATTERN } from '#shared/schemas/fields.ts';
import type { StaffRole } from '#shared/schemas/staff.ts';
import { ownAreaManagerId, type StaffIdentity } from '#shared/staff-home.ts';
import { failed, invalid } from './answers.ts';
import { forbidden } from './staff.ts';

/** What a rule needs to know of the record asked for. */
export interface Targets {
  /** The list of area managers, and adding one. */
  areaManagers: object;
  /** One area manager's area: their pharmacies and reps. */
  areaManager: { id: string };
  /** One rep's assigned pharmacies. */
  rep: { id: string; areaManagerId: string | null };
  /** Managing a rep's account (issue 24): disabling and enabling it, moving their pharmacies. Never the rep's own. */
  repAccount: { id: string; areaManagerId: string | null };
  pharmacy: { areaManagerId: string; salesRepId: string | null };
  /** Applications and their files (certificates). */
  application: object;
  /** Reviewer accounts: adding and disabling them. */
  reviewers: object;
  /** The activity log: CSV exports and review decisions (decision 0020). */
  activityLog: object;
  /** API keys of client apps: listing, issuing, rotating, revoking them (decision 0052). */
  apiClients: object;
  /** The programme report (issue 41 item 3): every market's figures. */
  programmeReport: object;
  /** The record of processing and retention schedule (issue 42 item 4). */
  processingRecord: object;
}
export type ResourceKind = keyof Targets;

type Rule<K extends ResourceKind> = (user: StaffIdentity, target: Targets[K]) => boolean;
const all = () => true;
const ownArea = (user: StaffIdentity, areaManagerId: string | null) => areaManagerId !== null && ownAreaManagerId(user) === areaManagerId;

/** Role x resource: the roles not listed may not touch that kind of record at all. */
const ACCESS_RULES: { [K in ResourceKind]: Partial<Record<StaffRole, Rule<K>>> } = {
  areaManagers: { main_admin: all },
  areaManager: { main_admin: all, area_manager: (user, t) => ownArea(user, t.id) },
  rep: { main_admin: all, area_manager: (user, t) => ownArea(user, t.areaManagerId), sales_rep: (user, t) => user.id === t.id },
  repAccount: { main_admin: all, area_manager: (user, t) => ownArea(user, t.areaManagerId) },
  pharmacy: {
    main_admin: all,
    area_manager: (user, t) => ownArea(user, t.areaManagerId),
    sales_rep: (user, t) => t.salesRepId !== null && user.id === t.salesRepId,
  },
  application: { main_admin: all, reviewer: all },
  reviewers: { main_admin: all },
  activityLog: { main_admin: all },
  apiClients: { main_admin: all },
  programmeReport: { main_admin: all },
  processingRecord: { main_admin: all },
};

/** The roles that may reach a kind of record at all (the route's role check). */
export const rolesFor = (kind: ResourceKind) => Object.keys(ACCESS_RULES[kind]) as StaffRole[];

export type AccessDecision = 'allowed' | 'forbidden' | 'notFound';

/** The decision for one user and one record (null: no such record). */
export function decideAccess<K extends ResourceKind>(user: StaffIdentity, kind: K, target: Targets[K] | null): AccessDecision {
  const rule = ACCESS_RULES[kind][user.role] as Rule<K> | undefined;
  if (!rule) return 'forbidden';
  if (target === null) return rule === all ? 'notFound' : 'forbidden';
  return rule(user, target) ? 'allowed' : 'forbidden';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The record `requireAccess` loaded and allowed, for the handler. */
    accessed?: { id: string; record: unknown };
  }
}

export interface AccessOptions<K extends ResourceKind, R extends Targets[K]> {
  /** Where the record's id is in the request (a UUID; anything else is 400 on that field). */
  id: { from: 'query' | 'params' | 'body'; name: string };
  load: (id: string) => Promise<R | null>;
}

/** Allows the request on to its handler only if the signed-in user may see the record named in it. */
export function requireAccess<K extends ResourceKind, R extends Targets[K]>(kind: K, options: AccessOptions<K, R>): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    const user = request.staff?.user;
    if (!user) return forbidden(reply);
    const raw = (request[options.id.from] as Record<string, unknown> | undefined)?.[options.id.name];
    if (typeof raw !== 'string' || !UUID_PATTERN.test(raw)) return invalid(reply, { [options.id.name]: 'validation.invalid' });
    const id = raw.toLowerCase();
    const record = await options.load(id);
    const decision = decideAccess(user, kind, record);
    if (decision === 'forbidden') return forbidden(reply);
    if (decision === 'notFound') return failed(reply, 404, ApiMessage.notFound);
    request.accessed = { id, record };
  };
}

/** The record `requireAccess` allowed. */
export function accessed<R>(request: FastifyRequest): { id: string; record: R } {
  if (!request.accessed) throw new Error('accessed() used on a route without requireAccess');
  return request.accessed as { id: string; record: R };
}
