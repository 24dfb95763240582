// Redocly CLI's lint (issue 38 item 9) of the committed contract with redocly.yaml's rules (the
// recommended set): no error, no warning. Offline: its usage data and update check are off.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { COMMITTED_OPENAPI_PATH } from './document.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('Redocly lint', () => {
  it('finds no error and no warning in the committed document', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['node_modules/@redocly/cli/bin/cli.js', 'lint', COMMITTED_OPENAPI_PATH, '--format=json'], {
      cwd: root,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' },
      timeout: 60_000,
    });
    const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });
});
