// `npm run privacy -- record [--format md|json]` (issue 42 item 4, docs/decisions/0072): the record
// of processing and the retention schedule, derived from the data map and this environment's
// settings, in English Markdown (the words of the main admin's /admin/privacy page) or as JSON.
// It reads no database.
import { parseArgs } from 'node:util';
import type { ProcessingRecord, RecordEntry, RetentionRule } from '#shared/schemas/privacy.ts';
import type { Config } from '../config.ts';
import { texts } from '../services/texts.ts';
import { processingRecord } from '../privacy/record.ts';
import type { CliOutput } from './staff-cli.ts';

const PRIVACY_USAGE = `Usage:
  npm run privacy -- record [--format md|json]   (the record of processing and the retention schedule; default md)`;

const t = texts('en');
const text = (key: string, values?: Record<string, string | number>) => t(`privacyRecord.${key}`, values);
const counted = (key: string, count: number) => text(`retention.${key}`, { count });

function retentionText(rule: RetentionRule, value: number | null): string {
  if ('setting' in rule) return counted(rule.setting, value ?? 0);
  if ('fixed' in rule) return counted(rule.fixed.unit, rule.fixed.amount);
  return 'whileActive' in rule ? text('retention.whileActive') : text('retention.noLimit');
}

const cell = (value: string) => value.replace(/\|/g, '\\|');

function rightsText(entry: RecordEntry): string {
  if (entry.exported && entry.erased) return text('rights.both');
  if (entry.exported) return text('rights.exportedOnly');
  return entry.erased ? text('rights.erasedOnly') : text('rights.neither');
}

function recordMarkdown(record: ProcessingRecord): string {
  const head = [
    text('entries.subject'),
    text('entries.category'),
    text('entries.purpose'),
    text('entries.basis'),
    text('entries.retention'),
    text('entries.recipients'),
    text('processors.title'),
    text('entries.rights'),
    text('entries.columns').replace(/\s*\(\{\{count\}\}\)/, ''),
  ];
  const rows = record.entries.map((e) =>
    [
      text(`subject.${e.subject}`),
      text(`category.${e.category}`),
      text(`purpose.${e.purpose}`),
      text(`basis.${e.basis}`),
      retentionText(e.retention, e.retentionValue),
      e.recipients.map((r) => text(`recipient.${r}`)).join(', '),
      e.processors.map((p) => text(`processor.${p}`)).join(', '),
      rightsText(e),
      e.columns.map((c) => `\`${c}\``).join(', '),
    ].map(cell),
  );
  return [
    `# ${text('title')}`,
    '',
    text('intro'),
    '',
    `## ${text('controller.title')}`,
    '',
    `${record.controller.company}, ${record.controller.address}`,
    '',
    text('controller.dpo', { email: record.controller.dpoEmail }),
    '',
    `## ${text('processors.title')}`,
    '',
    ...record.processors.map((p) => `- ${text(`processor.${p.role}`)}: ${p.name ?? text('processors.none')}`),
    '',
    `## ${text('entries.title')}`,
    '',
    `| ${head.join(' | ')} |`,
    `|${head.map(() => ' --- |').join('')}`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    '',
  ].join('\n');
}

export function runPrivacyCommand(argv: string[], deps: { config: Config; out: CliOutput }): number {
  const { out } = deps;
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { format: { type: 'string', default: 'md' } } });
  } catch (error) {
    out.error(`${(error as Error).message}\n${PRIVACY_USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (positionals[0] !== 'record' || positionals.length !== 1 || (values.format !== 'md' && values.format !== 'json')) {
    out.error(PRIVACY_USAGE);
    return 2;
  }
  const record = processingRecord(deps.config);
  out.log(values.format === 'json' ? JSON.stringify(record, null, 2) : recordMarkdown(record));
  return 0;
}
