// `npm run api-keys -- list | issue --name N --quota Q | rotate ID | revoke ID` (issue 38 item 5,
// docs/decisions/0052): the client apps' API keys from the console, as the main admin's page
// manages them. A key is printed once, when issued or rotated; the activity log records each
// change with no member of staff (the console).
import { parseArgs } from 'node:util';
import * as z from 'zod/mini';
import { API_QUOTA_DEFAULT, IssueApiKeySchema, type ApiClientItem } from '#shared/schemas/api-clients.ts';
import { UUID_PATTERN } from '#shared/schemas/fields.ts';
import type { Database } from '../db/client.ts';
import { createApiClients } from '../services/api-clients.ts';
import type { CliOutput } from './staff-cli.ts';

const API_KEYS_USAGE = `Usage:
  npm run api-keys -- list                                 (every key: id, name, start, quota, requests in the last 7 days)
  npm run api-keys -- issue --name NAME [--quota PER_MINUTE]   (a new key for a client app; default quota ${API_QUOTA_DEFAULT})
  npm run api-keys -- rotate ID                            (a new secret; the old one stops at once)
  npm run api-keys -- revoke ID                            (the key stops at once, for good)`;

const describe = (c: ApiClientItem) => {
  const week = c.usage.reduce((sum, day) => sum + day.requests, 0);
  const state = c.revokedAt ? `revoked ${c.revokedAt}` : 'active';
  return `${c.id}  ${c.keyPrefix}…  ${String(c.quotaPerMinute).padStart(6)}/min  ${String(week).padStart(9)} requests in 7 days  ${state}  "${c.name}"`;
};

function printKey(out: CliOutput, key: string) {
  out.log(`The key (shown this once; it is stored only as its hash):\n  ${key}`);
  out.log('Give it to the app team through a secret store; the app sends it as the X-Api-Key header.');
}

export async function runApiKeysCommand(argv: string[], deps: { db: Database; out: CliOutput }): Promise<number> {
  const { out } = deps;
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { name: { type: 'string' }, quota: { type: 'string' } } });
  } catch (error) {
    out.error(`${(error as Error).message}\n${API_KEYS_USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, id] = positionals;
  const clients = createApiClients(deps.db, { now: () => new Date() });

  if (command === 'list') {
    const all = await clients.list();
    if (all.length === 0) out.log('No API keys.');
    for (const client of all) out.log(describe(client));
    return 0;
  }

  if (command === 'issue') {
    const input = z.safeParse(IssueApiKeySchema, { name: values.name ?? '', quotaPerMinute: values.quota ?? String(API_QUOTA_DEFAULT) });
    if (!input.success) {
      const fields = new Set(input.error.issues.map((issue) => String(issue.path[0])));
      return fail(
        out,
        [
          fields.has('name') ? '--name is required (at most 80 characters)' : null,
          fields.has('quotaPerMinute') ? '--quota must be a whole number from 1 to 100000' : null,
        ]
          .filter(Boolean)
          .join('; '),
      );
    }
    const issued = await clients.issue({ ...input.data, actorId: null });
    out.log(`Issued ${issued.client.id} "${issued.client.name}", ${issued.client.quotaPerMinute} requests a minute.`);
    printKey(out, issued.key);
    return 0;
  }

  if ((command === 'rotate' || command === 'revoke') && id) {
    if (!UUID_PATTERN.test(id)) return fail(out, `ID must be a key's id as "npm run api-keys -- list" shows it.`);
    if (command === 'rotate') {
      const rotated = await clients.rotate(id, null);
      if (!rotated) return fail(out, `No active API key ${id}.`);
      out.log(`Rotated ${id} "${rotated.client.name}": the old key no longer works.`);
      printKey(out, rotated.key);
      return 0;
    }
    const revoked = await clients.revoke(id, null);
    if (!revoked) return fail(out, `No API key ${id}.`);
    out.log(`Revoked ${id} "${revoked.name}": it no longer works.`);
    return 0;
  }

  out.error(API_KEYS_USAGE);
  return 2;
}

function fail(out: CliOutput, message: string): number {
  out.error(message);
  return 1;
}
