// Issue 42 item 4: `npm run privacy -- record --format md|json` lists every category of the data
// map with its basis and retention (the setting's current value), and the processors the settings name.
import { describe, expect, it } from 'vitest';
import { loadConfig, testConfig } from '../config.ts';
import { retentionPeriods } from '../privacy/record.ts';
import { PERSONAL_COLUMNS } from '../privacy/data-map.ts';
import { DEFAULT_RETENTION_PERIODS, type ProcessingRecord } from '#shared/schemas/privacy.ts';
import { runPrivacyCommand } from './privacy-cli.ts';

function run(argv: string[], config = testConfig()) {
  const lines: string[] = [];
  const errors: string[] = [];
  const code = runPrivacyCommand(argv, { config, out: { log: (line) => lines.push(line), error: (line) => errors.push(line) } });
  return { code, output: lines.join('\n'), errors: errors.join('\n') };
}

describe('npm run privacy -- record', () => {
  it('lists, as JSON, every mapped column under its category with its subject, purpose, basis and retention', () => {
    const config = testConfig({ retentionRejectedMonths: 18, fieldConfirmationDays: 45 });
    const { code, output } = run(['record', '--format', 'json'], config);
    expect(code).toBe(0);
    const record = JSON.parse(output) as ProcessingRecord;
    for (const column of PERSONAL_COLUMNS) {
      const holding = record.entries.filter((e) => e.columns.includes(`${column.table}.${column.column}`));
      expect(holding, `${column.table}.${column.column}`).toHaveLength(1);
      expect(holding[0]).toMatchObject({
        subject: column.subject,
        category: column.category,
        purpose: column.purpose,
        basis: column.basis,
        retention: column.retention,
      });
    }
    expect(record.entries.flatMap((e) => e.columns)).toHaveLength(PERSONAL_COLUMNS.length);
    const rejected = record.entries.find((e) => e.columns.includes('applications.first_name'));
    expect(rejected).toMatchObject({ retention: { setting: 'RETENTION_REJECTED_MONTHS' }, retentionValue: 18 });
    expect(record.entries.find((e) => e.columns.includes('field_pharmacies.pharmacist_mailbox'))).toMatchObject({ retentionValue: 45 });
    expect(record.retentionPeriods).toMatchObject({ RETENTION_REJECTED_MONTHS: 18, FIELD_CONFIRMATION_DAYS: 45 });
  });

  it('names the processors the settings give: the mail server, the tile server, the place search and the host', () => {
    const base = testConfig();
    const offline = JSON.parse(run(['record', '--format', 'json'], base).output) as ProcessingRecord;
    expect(offline.processors).toEqual([
      { role: 'hosting', name: base.operator.company },
      { role: 'mail', name: null },
      { role: 'map_tiles', name: null },
      { role: 'places', name: null },
    ]);
    const online = testConfig({
      mail: { ...base.mail, smtpUrl: 'smtp://user:hunter2pw@smtp.mail.example.net:587' },
      mapTilesUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
      places: { provider: 'nominatim', url: 'https://places.example.com' },
    });
    const { output } = run(['record', '--format', 'json'], online);
    expect(output).not.toContain('hunter2pw');
    expect((JSON.parse(output) as ProcessingRecord).processors.map((p) => p.name)).toEqual([
      base.operator.company,
      'smtp.mail.example.net',
      'tiles.example.org',
      'places.example.com',
    ]);
  });

  it('prints Markdown with each category, its basis and the period in words', () => {
    const { code, output } = run(['record', '--format', 'md'], testConfig({ retentionRejectedMonths: 18 }));
    expect(code).toBe(0);
    expect(output).toContain(
      '| Applicants | Identity | Reviewing applications by hand and listing approved pharmacists in the finder | Contract or steps before one (art. 6(1)(b)) | While the application is open or listed; 18 months after a rejection (RETENTION_REJECTED_MONTHS) |',
    );
    expect(output).toContain('| Staff (reviewers, area managers, sales representatives, administrators) | Session |');
    expect(output).toContain('`call_entries.note`');
  });

  it("knows the settings' defaults, which the pages fall back on", () => {
    expect(retentionPeriods(loadConfig({}))).toEqual(DEFAULT_RETENTION_PERIODS);
  });

  it('refuses an unknown format or command with its usage', () => {
    expect(run(['record', '--format', 'pdf'])).toMatchObject({ code: 2, errors: expect.stringContaining('npm run privacy -- record') });
    expect(run(['export'])).toMatchObject({ code: 2 });
  });
});
