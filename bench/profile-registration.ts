// Where a registration's time goes (issue 26): the registration bench's 32-client save run with the
// server under `node --cpu-prof`, summarised per save by what the time is spent on, plus the CPU the
// server process and the PostgreSQL backends used per save (Linux /proc). Not part of `npm run bench`.
//
//   node --import tsx bench/profile-registration.ts pglite
//   TEST_DATABASE_URL=postgres://user:pass@127.0.0.1:5432/postgres node --import tsx bench/profile-registration.ts postgres
//   options: --saves=2000, --out=tmp/profile-registration (the .cpuprofile is kept there, for a flame graph
//   in Chrome DevTools or speedscope)
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseTarget } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { solvedTokensFrom } from '../src/server/test/bot-check.ts';
import { validApplication } from '../src/server/test/payloads.ts';
import { createTempDatabase } from '../src/server/test/postgres.ts';
import { rawInsertRate } from '../src/server/test/raw-insert.ts';
import { startServerProcess } from '../src/server/test/server-process.ts';
import { processCpuMs, postgresCpuMs } from './lib/cpu.ts';
import { runLoad } from './lib/load.ts';

const args = process.argv.slice(2);
const kind = args.find((a) => !a.startsWith('--')) ?? 'pglite';
const option = (name: string, fallback: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const saves = Number(option('saves', '2000'));
const outDir = path.resolve(option('out', 'tmp/profile-registration'));
const CLIENTS = 32;

/** .eml files the server has written (its mail, without SMTP). */
function mailFiles(dataDir: string): number {
  try {
    return readdirSync(path.join(dataDir, 'mail')).length;
  } catch {
    return 0;
  }
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** What a sample's time is spent on: the first rule that matches, from the sampled function up its stack. */
const CATEGORIES: Array<[string, (frame: ProfileNode['callFrame']) => boolean]> = [
  ['idle (waiting for the database or the network)', (f) => f.functionName === '(idle)'],
  ['garbage collection', (f) => f.functionName === '(garbage collector)'],
  ['PGlite engine (WebAssembly, its JS glue and file writes)', (f) => f.url.includes('wasm') || f.url.includes('@electric-sql')],
  [
    "mail sender ('received' e-mail: compose, .eml file)",
    (f) => (f.url.includes('services/mail/') && !f.url.includes('application-received')) || f.url.includes('nodemailer'),
  ],
  ['rate limit', (f) => f.url.includes('rate-limit')],
  ['bot check (decode, two HMACs)', (f) => f.url.includes('captcha.ts') || f.url.includes('canonical-json')],
  ['validation (zod, the form schema, markup stripped)', (f) => /zod|forms\/derive|sanitize|unsafe-text|parse-body/.test(f.url)],
  ['pg driver and its socket', (f) => /node_modules\/(pg|pg-protocol|pg-pool)\//.test(f.url)],
  ['drizzle (building SQL, mapping rows)', (f) => f.url.includes('drizzle-orm')],
  [
    'the save itself (columns, tokens, reference, mail text)',
    (f) => /services\/(applications|application-reference|my-application|mailbox|consents|links)|mail\/application-received|routes\/registration/.test(f.url),
  ],
  ['security headers (@fastify/helmet)', (f) => f.url.includes('helmet')],
  ['HTTP (Node http, Fastify, JSON, the answer written)', (f) => /_http_|fastify|find-my-way|secure-json-parse/.test(f.url)],
];

function summarise(profile: CpuProfile, fromUs: number, toUs: number, count: number): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const perNode = new Map<number, number>();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i]!;
    if (at < fromUs || at > toUs) continue;
    perNode.set(profile.samples[i]!, (perNode.get(profile.samples[i]!) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  }
  const perCategory = new Map<string, number>();
  const perFunction = new Map<string, number>();
  for (const [id, us] of perNode) {
    let category = 'other (promises, timers, Node internals)';
    search: for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      for (const [name, matches] of CATEGORIES) {
        if (matches(byId.get(node)!.callFrame)) {
          category = name;
          break search;
        }
      }
    }
    perCategory.set(category, (perCategory.get(category) ?? 0) + us);
    const frame = byId.get(id)!.callFrame;
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(src|bench)\//, '$1/')}`;
    perFunction.set(name, (perFunction.get(name) ?? 0) + us);
  }
  const ms = (us: number) => (us / 1000 / count).toFixed(3).padStart(7);
  const lines = [`per save, over ${count} saves (ms of the server's main thread):`];
  for (const [name, us] of [...perCategory].sort((a, b) => b[1] - a[1])) lines.push(`${ms(us)}  ${name}`);
  lines.push('', 'functions by self time, per save (ms):');
  for (const [name, us] of [...perFunction].sort((a, b) => b[1] - a[1]).slice(0, 25)) lines.push(`${ms(us)}  ${name}`);
  return lines.join('\n');
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'champions-profile-'));
const adminUrl = process.env.TEST_DATABASE_URL;
if (kind === 'postgres' && !adminUrl) throw new Error('set TEST_DATABASE_URL for postgres');
const temp = kind === 'postgres' ? await createTempDatabase(adminUrl!, 'champions_profile') : null;
const target: DatabaseTarget = temp ? { kind: 'postgres', url: temp.url } : { kind: 'pglite', dataDir: path.join(dataDir, 'db') };
mkdirSync(outDir, { recursive: true });
const before = new Set(readdirSync(outDir));
try {
  const handle = await openDatabase({ database: target });
  await handle.migrate();
  const raw = await rawInsertRate(handle.db, 'raw', saves, CLIENTS);
  await handle.close();
  const server = await startServerProcess({ dataDir, databaseUrl: temp?.url, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${outDir}`, '--cpu-prof-interval=200'] });
  try {
    const warm = await solvedTokensFrom(server.url, 200);
    await runLoad({
      url: server.url,
      method: 'POST',
      path: '/api/save-pharmacist',
      connections: CLIENTS,
      bodies: warm.map((recaptchaToken, i) => validApplication({ country: 'uk', distinct: { run: 'warm', index: 400_000 + i } }, { recaptchaToken })),
    });
    const tokens = await solvedTokensFrom(server.url, saves);
    const bodies = tokens.map((recaptchaToken, i) => validApplication({ country: 'uk', distinct: { run: 'http', index: 100_000 + i } }, { recaptchaToken }));
    const mailsBefore = mailFiles(dataDir);
    const serverCpu = processCpuMs(server.pid);
    const databaseCpu = postgresCpuMs();
    // The profile's clock is the monotonic one, as process.hrtime's.
    const from = Number(process.hrtime.bigint() / 1000n);
    const save = await runLoad({ url: server.url, method: 'POST', path: '/api/save-pharmacist', connections: CLIENTS, bodies });
    const to = Number(process.hrtime.bigint() / 1000n);
    const mailsOut = mailFiles(dataDir) - mailsBefore;
    const serverPerSave = (processCpuMs(server.pid) - serverCpu) / saves;
    const databasePerSave = (postgresCpuMs() - databaseCpu) / saves;
    const stopped = await server.stop();
    if (stopped.code !== 0) throw new Error(`server exited with ${stopped.code ?? stopped.signal}`);
    const file = readdirSync(outDir).find((f) => f.endsWith('.cpuprofile') && !before.has(f));
    if (!file) throw new Error('no .cpuprofile written');
    console.log(
      `${kind}: ${save.perSecond.toFixed(0)} saves/s = ${((save.perSecond / raw.perSecond) * 100).toFixed(0)} % of ${raw.perSecond.toFixed(0)}/s raw (under the profiler); ` +
        `p50 ${save.p50Ms} ms, p99 ${save.p99Ms} ms; errors ${save.errors + save.non2xx + save.timeouts}; 'received' e-mails delivered within the run: ${mailsOut} of ${saves}\n` +
        `CPU per save: server process ${serverPerSave.toFixed(2)} ms${kind === 'postgres' ? `, PostgreSQL backends ${databasePerSave.toFixed(2)} ms` : ''}\n` +
        `profile: ${path.join(outDir, file)}\n`,
    );
    console.log(summarise(JSON.parse(readFileSync(path.join(outDir, file), 'utf8')) as CpuProfile, from, to, saves));
  } finally {
    await server.kill();
  }
} finally {
  await temp?.drop().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
