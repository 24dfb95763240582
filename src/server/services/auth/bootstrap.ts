// First start: with no staff user at all, create the main admin and hand out a console sign-in link.
import type { Config } from '../../config.ts';
import type { AuthService } from './auth.ts';

/**
 * Where console links point: PUBLIC_URL as it is, else this machine with the Italian path prefix
 * (the staff tools are Italian; path-based markets are how a local server tells markets apart).
 */
export function consoleLinkBase(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}/it`;
}

/** The console link for a new main admin, or null when staff exist (or another instance won the race). */
export async function bootstrapMainAdmin(auth: AuthService, config: Pick<Config, 'publicUrl' | 'port' | 'staff'>): Promise<string | null> {
  if ((await auth.users.count()) > 0) return null;
  const added = await auth.users.add(
    { email: config.staff.bootstrapAdminEmail, firstName: 'Main', lastName: 'Admin', role: 'main_admin', language: 'en' },
    { actorId: null },
  );
  if (added === 'duplicate') return null;
  const user = await auth.users.findById(added.id);
  return user ? auth.consoleLink(user, consoleLinkBase(config)) : null;
}
