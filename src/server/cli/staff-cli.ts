// `npm run staff -- add|list|disable|enable|reset-second-factor|rotate-staff-key`: staff accounts, and the
// key that seals their second factors, from the command line (scripts/staff.ts).
import { parseArgs } from 'node:util';
import { MARKET_LANGUAGE } from '#shared/markets.ts';
import { STAFF_LANGUAGES, STAFF_ROLES, type StaffLanguage, type StaffRole } from '#shared/schemas/staff.ts';
import { EmailSchema, NameSchema } from '#shared/schemas/fields.ts';
import type { AuthService } from '../services/auth/auth.ts';
import { SecretsUnreadable } from '../services/auth/staff-key.ts';

const STAFF_USAGE = `Usage:
  npm run staff -- add --role main_admin|reviewer|area_manager|sales_rep --email E --first-name F --last-name L [--area-manager EMAIL] [--language it|en|de]
      (the language of their e-mails and pages; unset: Italian for area managers and reps, English for reviewers and main admins)
  npm run staff -- list
  npm run staff -- disable --email E
  npm run staff -- enable --email E   (a disabled account may sign in again)
  npm run staff -- reset-second-factor --email E   (lost authenticator: the next sign-in enrols a new one)
  NEW_STAFF_SECRET_KEY=K npm run staff -- rotate-staff-key   (every second factor sealed under the new key K; README "Rotating the staff key")`;

/** The activity log's "who" for a change typed at the console (decision 0059). */
const FROM_THE_CONSOLE = { actorId: null };

export interface CliOutput {
  log(line: string): void;
  error(line: string): void;
}

/** What a command reads from the environment of the process it was typed in, which the running server does not have. */
export interface CommandInput {
  /** NEW_STAFF_SECRET_KEY, checked (config.ts newStaffSecretKeyFrom), for rotate-staff-key. */
  newStaffSecretKey?: string;
}

export interface StaffCommandDeps {
  auth: AuthService;
  linkBase: string;
  out: CliOutput;
  input?: CommandInput;
  /** The running server runs it, through its admin channel (and goes on with the keys it changed). */
  runningServer?: boolean;
}

/** Runs one command; returns the exit code. */
export async function runStaffCommand(argv: string[], deps: StaffCommandDeps): Promise<number> {
  const { auth, out } = deps;
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        role: { type: 'string' },
        email: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        'area-manager': { type: 'string' },
        language: { type: 'string' },
      },
    });
  } catch (error) {
    out.error(`${(error as Error).message}\n${STAFF_USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const command = positionals[0];

  if (command === 'list') {
    const users = await auth.users.list();
    if (users.length === 0) out.log('No staff users.');
    for (const u of users) {
      const flags = [u.disabledAt ? 'disabled' : null, u.totpEnabledAt ? 'totp' : null].filter(Boolean).join(', ');
      out.log(`${u.role.padEnd(12)} ${u.email.padEnd(36)} ${`${u.firstName} ${u.lastName}`.padEnd(28)} ${u.id}${flags ? `  (${flags})` : ''}`);
    }
    return 0;
  }

  if (command === 'disable') {
    const email = EmailSchema.safeParse(values.email);
    if (!email.success) return fail(out, '--email is required');
    if (!(await auth.users.disable(email.data, FROM_THE_CONSOLE))) return fail(out, `No active staff user ${email.data}.`);
    out.log(`Disabled ${email.data}; their sessions have ended.`);
    return 0;
  }

  if (command === 'enable') {
    const email = EmailSchema.safeParse(values.email);
    if (!email.success) return fail(out, '--email is required');
    if (!(await auth.users.enable(email.data, FROM_THE_CONSOLE))) return fail(out, `No disabled staff user ${email.data}.`);
    out.log(`Enabled ${email.data}; they can sign in again.`);
    return 0;
  }

  if (command === 'reset-second-factor') {
    const email = EmailSchema.safeParse(values.email);
    if (!email.success) return fail(out, '--email is required');
    const user = await auth.resetSecondFactor(email.data, { ip: null, userAgent: 'npm run staff' });
    if (!user) return fail(out, `No active staff user ${email.data}.`);
    out.log(`Reset the authenticator of ${user.email}; their sessions have ended. They enrol a new one at their next sign-in.`);
    out.log(`One-time sign-in link (24 hours, works once, any browser):\n  ${inLanguageOf(await auth.consoleLink(user, deps.linkBase), user)}`);
    return 0;
  }

  if (command === 'rotate-staff-key') return rotateStaffKey(deps);

  if (command === 'add') {
    const role = values.role as StaffRole | undefined;
    if (!role || !STAFF_ROLES.includes(role)) return fail(out, `--role must be one of ${STAFF_ROLES.join(', ')}`);
    const email = EmailSchema.safeParse(values.email);
    const firstName = NameSchema(true).safeParse(values['first-name']);
    const lastName = NameSchema(true).safeParse(values['last-name']);
    if (!email.success) return fail(out, '--email must be an e-mail address');
    if (!firstName.success || !lastName.success) return fail(out, '--first-name and --last-name are required (letters only)');
    const language = (values.language ?? DEFAULT_LANGUAGE[role]) as StaffLanguage;
    if (!STAFF_LANGUAGES.includes(language)) return fail(out, `--language must be one of ${STAFF_LANGUAGES.join(', ')}`);

    let areaManagerId: string | null = null;
    if (role === 'sales_rep') {
      if (!values['area-manager']) return fail(out, 'a sales rep needs --area-manager EMAIL');
      const manager = await auth.users.findByEmail(values['area-manager']);
      if (!manager || manager.role !== 'area_manager') return fail(out, `No area manager ${values['area-manager']}.`);
      areaManagerId = manager.id;
    } else if (values['area-manager']) {
      return fail(out, '--area-manager is only for sales reps');
    }

    const added = await auth.users.add(
      { email: email.data, firstName: firstName.data, lastName: lastName.data, role, areaManagerId, language },
      FROM_THE_CONSOLE,
    );
    if (added === 'duplicate') return fail(out, `${email.data} is already a staff user.`);
    const user = (await auth.users.findById(added.id))!;
    out.log(`Added ${role} ${user.email} (${user.id}).`);
    out.log(`One-time sign-in link (24 hours, works once, any browser):\n  ${inLanguageOf(await auth.consoleLink(user, deps.linkBase), user)}`);
    return 0;
  }

  out.error(STAFF_USAGE);
  return 2;
}

/** Every stored second factor sealed under NEW_STAFF_SECRET_KEY in one transaction, then what the operator does next. */
async function rotateStaffKey({ auth, out, input, runningServer }: StaffCommandDeps): Promise<number> {
  if (!input?.newStaffSecretKey) return fail(out, 'NEW_STAFF_SECRET_KEY is not set: it is the key the second factors are sealed under from now on.');
  let rotation;
  try {
    rotation = await auth.rotateStaffKey(input.newStaffSecretKey);
  } catch (error) {
    if (!(error instanceof SecretsUnreadable)) throw error;
    return fail(
      out,
      `Nothing was changed: ${error.message} ${runningServer ? 'the running server has (its STAFF_SECRET_KEY and PREVIOUS_STAFF_SECRET_KEY)' : 'given (STAFF_SECRET_KEY, PREVIOUS_STAFF_SECRET_KEY, NEW_STAFF_SECRET_KEY): run the command with the keys the servers run with'}. ` +
        'Give the key they are sealed under as PREVIOUS_STAFF_SECRET_KEY, or reset those second factors first (npm run staff -- reset-second-factor --email E).',
    );
  }
  out.log(`Re-sealed ${rotation.resealed} stored second factor${rotation.resealed === 1 ? '' : 's'} under the new key, in one transaction.`);
  if (rotation.generated) {
    out.log(
      runningServer
        ? "The database's generated staff key (app_secrets) is now the new key, and the running server uses it already: nothing more to do."
        : "The database's generated staff key (app_secrets) is now the new key; servers read it there as they start: restart any server running on this database.",
    );
    return 0;
  }
  out.log(
    'Next: set STAFF_SECRET_KEY to the new key (the value of NEW_STAFF_SECRET_KEY) on every server and restart them; then remove PREVIOUS_STAFF_SECRET_KEY, if set.',
  );
  out.log(
    runningServer
      ? 'Until it restarts, the running server checks second factors under the new key already; restarted with the old key, it could not.'
      : 'A server given only the old key cannot check second factors from now on (README "Rotating the staff key": a fleet gives its servers the new key and PREVIOUS_STAFF_SECRET_KEY first).',
  );
  if (rotation.removedStoredKey)
    out.log('The generated staff key the database still held (app_secrets) was removed: STAFF_SECRET_KEY replaced it, and it opens nothing any more.');
  return 0;
}

/**
 * A new account's language when --language is not given: the field team's market's (Italy) for area
 * managers and reps; English for reviewers and main admins, who work across the markets (as the
 * first main admin does, services/auth/bootstrap.ts).
 */
const DEFAULT_LANGUAGE: Record<StaffRole, StaffLanguage> = {
  area_manager: MARKET_LANGUAGE.it,
  sales_rep: MARKET_LANGUAGE.it,
  reviewer: 'en',
  main_admin: 'en',
};

/** A console link that opens in the person's language, whichever market the link base serves. */
const inLanguageOf = (link: string, user: { language: string }) => `${link}&lang=${encodeURIComponent(user.language)}`;

function fail(out: CliOutput, message: string): number {
  out.error(message);
  return 1;
}
