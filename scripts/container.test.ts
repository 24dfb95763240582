// The container image (Containerfile, docs/decisions/0048), built and run for real with podman:
// `npm run test:container`, which `npm test` runs last. Left out of `npm run test:unit` (vitest.config.ts):
// the first run builds a Debian base with debootstrap and the image from nothing (about ten minutes),
// later runs reuse both (podman's layer cache keeps the npm packages while the lock file stays).
//
// It builds a Debian 12 base where none is (no registry with images is reachable here: debootstrap
// from the machine's own Debian mirror, kept in /var/cache/champions-container), builds the image,
// runs it with an empty volume against a temporary PostgreSQL database (TEST_DATABASE_URL; the
// embedded database in the volume without it), the keys given as files, and checks that it gets
// ready, registers an application, runs as a user who can write nothing but the volume and /tmp,
// answers its HEALTHCHECK, runs the operator commands, and stops cleanly on SIGTERM.
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../src/server/process-settings.ts';
import { solvedTokensFrom } from '../src/server/test/bot-check.ts';
import { validApplication } from '../src/server/test/payloads.ts';
import { createTempDatabase, type TempDatabase } from '../src/server/test/postgres.ts';
import { freePort, REPO_ROOT } from '../src/server/test/server-process.ts';

const CACHE = process.env.CHAMPIONS_CONTAINER_CACHE ?? '/var/cache/champions-container';
const BASE_IMAGE = 'localhost/debian-base:bookworm';
const BASE_TARBALL = path.join(CACHE, 'debian-bookworm-minbase.tar');
const IMAGE = 'localhost/champions:test';
/** The image's user (Containerfile): owns the volume and nothing else. */
const APP_UID = 10001;
const RUN = randomBytes(4).toString('hex');
const CONTAINER = `champions-test-${RUN}`;
const VOLUME = `champions-test-${RUN}`;
const BACKUPS = `champions-test-backups-${RUN}`;
const VERSION = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

const podmanInstalled = existsSync('/usr/bin/podman');
// CI installs podman (.ci/run): there a missing podman fails the test rather than skipping it.
if (!podmanInstalled && process.env.CI)
  throw new Error('podman is not installed: .ci/run installs podman, runc and debootstrap (apt-get install podman runc debootstrap)');

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<Result> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { env: options.env ?? process.env, maxBuffer: 64 * 1024 * 1024, timeout: options.timeoutMs ?? 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout: stdout.toString(), stderr: stderr.toString() + (error && typeof error.code !== 'number' ? `\n${error.message}` : '') });
      },
    );
  });
}

/** A long command whose output goes to a log file; progress lines (podman's STEPs) are echoed with the time. */
function runLogged(command: string, args: string[], logFile: string, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    let pending = '';
    const take = (chunk: Buffer) => {
      const text = chunk.toString();
      log += text;
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (/STEP \d+\/\d+|^I: (Retrieving|Validating|Extracting|Installing|Base system)|Successfully tagged/.test(line)) {
          console.log(`[container ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line.slice(0, 160)}`);
        }
      }
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', reject);
    child.on('close', (code) => {
      writeFileSync(logFile, log);
      resolve(code ?? 1);
    });
  });
}

/** Podman as it runs on this machine: its own storage under CACHE, cgroupfs, runc, the default ulimits off. */
interface Podman {
  (args: string[], timeoutMs?: number): Promise<Result>;
  args: string[];
  env: NodeJS.ProcessEnv;
  driver: string;
}

async function makePodman(): Promise<Podman> {
  mkdirSync(CACHE, { recursive: true, mode: 0o700 });
  const conf = path.join(CACHE, 'containers.conf');
  writeFileSync(conf, '[containers]\ndefault_ulimits = []\n');
  const env = { ...process.env, CONTAINERS_CONF: conf };
  const argsFor = (driver: string) => [
    '--root',
    path.join(CACHE, `storage-${driver}`),
    '--runroot',
    `/run/champions-container/${driver}`,
    '--storage-driver',
    driver,
    '--cgroup-manager',
    'cgroupfs',
    '--runtime',
    'runc',
  ];
  // overlay where the kernel mounts it for podman (here it does: about twice as fast), else vfs,
  // which works everywhere; CHAMPIONS_PODMAN_DRIVER chooses. Each keeps its own storage.
  let driver = process.env.CHAMPIONS_PODMAN_DRIVER;
  if (!driver) {
    const probe = await run('podman', [...argsFor('overlay'), 'images', '-q'], { env, timeoutMs: 60_000 });
    driver = probe.code === 0 ? 'overlay' : 'vfs';
    if (driver === 'vfs') console.log(`[container] overlay storage is not available here (${probe.stderr.trim().split('\n').at(-1)}): vfs`);
  }
  const args = argsFor(driver);
  const podman = ((more: string[], timeoutMs?: number) => run('podman', [...args, ...more], { env, timeoutMs })) as Podman;
  podman.args = args;
  podman.env = env;
  podman.driver = driver;
  return podman;
}

/** The Debian mirror this machine's apt uses (deb822 or one-line sources), for debootstrap. */
function debianMirror(): string {
  const candidates = ['/etc/apt/sources.list.d/debian.sources', '/etc/apt/sources.list'];
  for (const file of candidates) {
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    const deb822 = /^URIs:\s*(\S+)/m.exec(
      text.split(/\n\s*\n/).find((stanza) => /^Suites:.*\bbookworm\b(?!-)/m.test(stanza) && !/^Enabled:\s*no/im.test(stanza)) ?? '',
    );
    if (deb822?.[1]) return deb822[1];
    const line = /^deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+bookworm\s/m.exec(text);
    if (line?.[1]) return line[1];
  }
  return 'http://deb.debian.org/debian';
}

/**
 * localhost/debian-base:bookworm: debootstrap's minimal Debian 12 from the machine's mirror, with
 * bookworm-updates and the security archive in its sources and their updates applied. The tarball
 * stays in CACHE, so a lost image storage is imported again in seconds.
 */
async function ensureBase(podman: Podman): Promise<void> {
  if ((await podman(['image', 'exists', BASE_IMAGE])).code === 0) return;
  if (!existsSync(BASE_TARBALL)) {
    if (!existsSync('/usr/sbin/debootstrap')) throw new Error('debootstrap is not installed (apt-get install debootstrap)');
    const mirror = debianMirror();
    const rootfs = mkdtempSync(path.join(CACHE, 'rootfs-'));
    // The image's / is this folder: mkdtemp made it 0700, which would shut every other user out.
    chmodSync(rootfs, 0o755);
    try {
      const log = path.join(CACHE, 'debootstrap.log');
      console.log(`[container] building the Debian 12 base with debootstrap from ${mirror} (log: ${log})`);
      const code = await runLogged('debootstrap', ['--variant=minbase', 'bookworm', rootfs, mirror], log);
      if (code !== 0) throw new Error(`debootstrap failed (${code}): see ${log}`);
      const security = mirror.replace(/\/debian\/?$/, '/debian-security');
      writeFileSync(path.join(rootfs, 'etc/apt/sources.list'), '');
      writeFileSync(
        path.join(rootfs, 'etc/apt/sources.list.d/debian.sources'),
        `Types: deb\nURIs: ${mirror}\nSuites: bookworm bookworm-updates\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n\n` +
          `Types: deb\nURIs: ${security}\nSuites: bookworm-security\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n`,
      );
      writeFileSync(path.join(rootfs, 'etc/resolv.conf'), readFileSync('/etc/resolv.conf'));
      const upgrade = await run(
        'chroot',
        [rootfs, 'sh', '-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get upgrade -y -qq && apt-get clean'],
        { timeoutMs: 600_000 },
      );
      if (upgrade.code !== 0) throw new Error(`apt-get upgrade in the base failed:\n${upgrade.stdout}\n${upgrade.stderr}`);
      for (const leftover of ['etc/resolv.conf', 'var/lib/apt/lists', 'var/cache/apt/archives'])
        rmSync(path.join(rootfs, leftover), { recursive: true, force: true });
      mkdirSync(path.join(rootfs, 'var/lib/apt/lists/partial'), { recursive: true });
      mkdirSync(path.join(rootfs, 'var/cache/apt/archives/partial'), { recursive: true });
      const partial = `${BASE_TARBALL}.partial`;
      const tar = await run('tar', ['--numeric-owner', '-C', rootfs, '--exclude=./dev/*', '--exclude=./proc/*', '--exclude=./sys/*', '-cf', partial, '.'], {
        timeoutMs: 300_000,
      });
      if (tar.code !== 0) throw new Error(`tar of the base failed: ${tar.stderr}`);
      renameSync(partial, BASE_TARBALL);
    } finally {
      rmSync(rootfs, { recursive: true, force: true });
    }
  }
  const imported = await podman(['import', '--message', 'debootstrap --variant=minbase bookworm', BASE_TARBALL, BASE_IMAGE], 300_000);
  if (imported.code !== 0) throw new Error(`podman import failed: ${imported.stderr}`);
}

/**
 * The image id each named stage of a build ended with, read from podman's output: each step's line
 * ("[2/4] STEP 2/2: ...") is followed by its image ("--> id"). Stages are built when a later one
 * needs them, so their lines interleave; a step whose image comes after another step's line (a COPY
 * --from that waited for its stage) is not attributed, and needs not be.
 */
function stageImages(output: string): Map<string, string> {
  const names = new Map<string, string>();
  const images = new Map<string, string>();
  let waiting: string | undefined;
  for (const line of output.split('\n')) {
    const step = /^\[(\d+)\/\d+\] STEP \d+\/\d+: (?:FROM \S+(?: AS (\S+))?)?/.exec(line);
    if (step) {
      if (step[2]) names.set(step[1]!, step[2]);
      waiting = names.get(step[1]!);
      continue;
    }
    const id = /^--> ([0-9a-f]{11,64})$/.exec(line.trim());
    if (id && waiting) images.set(waiting, id[1]!);
    if (id) waiting = undefined;
  }
  return images;
}

/**
 * The image, and its build stages under tags of their own: a stage no tagged image descends from
 * is a dangling image to `podman image prune`, and the npm packages it holds are the cache.
 */
async function buildImage(podman: Podman): Promise<void> {
  const args = [
    'build',
    '--format',
    'docker',
    '--network',
    'host',
    '--build-arg',
    `BASE=${BASE_IMAGE}`,
    '-f',
    path.join(REPO_ROOT, 'Containerfile'),
    '-t',
    IMAGE,
  ];
  // The registry is reached through this machine's network, whose proxy may present a certificate
  // authority of its own: the one Node.js is told of, else the machine's bundle (extra authorities
  // only add to Node.js's own).
  const ca = [process.env.NODE_EXTRA_CA_CERTS, '/etc/ssl/certs/ca-certificates.crt'].find((file) => file && existsSync(file));
  if (ca) args.push('--secret', `id=ca,src=${ca}`);
  const log = path.join(CACHE, 'build.log');
  const code = await runLogged('podman', [...podman.args, ...args, REPO_ROOT], log, podman.env);
  const output = readFileSync(log, 'utf8');
  if (code !== 0) throw new Error(`podman build failed (${code}): see ${log}\n${output.slice(-4000)}`);
  for (const [stage, id] of stageImages(output)) {
    if (stage === 'deps' || stage === 'build') expect((await podman(['tag', id, `localhost/champions-cache:${stage}`])).code).toBe(0);
  }
  // Earlier runs' images and stages (no tag any more) go; the tagged ones keep their layers.
  await podman(['image', 'prune', '--force'], 600_000);
}

let podman: Podman;
let database: TempDatabase | undefined;
let secrets: string;
let url: string;
let port: number;
const timings: string[] = [];
const suiteStarted = Date.now();

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await work();
  } finally {
    const line = `${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`;
    timings.push(line);
    console.log(`[container] ${line}`);
  }
}

async function logsOf(): Promise<string> {
  const logs = await podman(['logs', CONTAINER]);
  return `${logs.stdout}${logs.stderr}`.slice(-6000);
}

async function exec(args: string[], user?: string): Promise<Result> {
  return podman(['exec', ...(user ? ['--user', user] : []), CONTAINER, ...args]);
}

describe.skipIf(!podmanInstalled)('the container image', () => {
  beforeAll(async () => {
    podman = await makePodman();
    console.log(`[container] podman storage: ${podman.driver}, under ${CACHE}`);
    await timed('base image (debootstrap on the first run)', () => ensureBase(podman));
    await timed('image build', () => buildImage(podman));

    // The keys as files readable by the image's user alone, mounted where compose puts its secrets.
    secrets = mkdtempSync(path.join(tmpdir(), 'champions-container-secrets-'));
    chownSync(secrets, APP_UID, APP_UID);
    const env = ['--env', `PORT=${(port = await freePort())}`, '--env', 'HOST=127.0.0.1', '--env', 'CAPTCHA_MAX_NUMBER=1000', '--env', 'BACKUP_DIR=/backups'];
    const keyFiles: Record<string, string> = {
      CAPTCHA_HMAC_KEY: randomBytes(32).toString('base64'),
      STAFF_SECRET_KEY: randomBytes(32).toString('base64'),
    };
    if (process.env.TEST_DATABASE_URL) {
      database = await createTempDatabase(process.env.TEST_DATABASE_URL, 'champions_container');
      keyFiles.DATABASE_URL = database.url;
    } else {
      console.log('[container] TEST_DATABASE_URL is not set: the container runs on the embedded database in its volume');
    }
    for (const [name, value] of Object.entries(keyFiles)) {
      const file = path.join(secrets, name.toLowerCase());
      writeFileSync(file, `${value}\n`, { mode: 0o400 });
      chownSync(file, APP_UID, APP_UID);
      env.push('--env', `${name}_FILE=/run/secrets/${name.toLowerCase()}`);
    }

    // Empty named volumes: podman fills each from the image's folder, owned by the image's user.
    for (const volume of [VOLUME, BACKUPS]) expect((await podman(['volume', 'create', volume])).code).toBe(0);
    const volumes = ['--volume', `${VOLUME}:/data`, '--volume', `${BACKUPS}:/backups`, '--volume', `${secrets}:/run/secrets:ro`];
    const started = await podman(['run', '--detach', '--name', CONTAINER, '--network', 'host', '--stop-timeout', '20', ...volumes, ...env, IMAGE]);
    expect(started.code, started.stderr).toBe(0);
    url = `http://127.0.0.1:${port}`;
    await timed('start until /readyz answers 200', async () => {
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        const status = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
          (r) => r.status,
          () => 0,
        );
        if (status === 200) return;
        const state = await podman(['inspect', '--format', '{{.State.Running}}', CONTAINER]);
        if (state.stdout.trim() !== 'true') throw new Error(`the container stopped:\n${await logsOf()}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`not ready after 120 s:\n${await logsOf()}`);
    });
  }, 3_600_000);

  afterAll(async () => {
    if (podman) {
      await podman(['rm', '--force', '--time', '0', CONTAINER]);
      await podman(['volume', 'rm', '--force', VOLUME, BACKUPS]);
    }
    await database?.drop();
    if (secrets) rmSync(secrets, { recursive: true, force: true });
    console.log(`[container] ${timings.join('; ')}; whole suite ${((Date.now() - suiteStarted) / 1000).toFixed(0)} s`);
  }, 120_000);

  it('is configured as the Containerfile says: non-root, /data a volume, a HEALTHCHECK on /readyz, no setting built in', async () => {
    const inspected = await podman(['image', 'inspect', IMAGE]);
    const config = (
      JSON.parse(inspected.stdout) as {
        Config: { User: string; Env: string[]; Volumes: Record<string, unknown>; Cmd: string[] };
        Healthcheck?: { Test: string[] };
      }[]
    )[0]!;
    expect(config.Config.User).toBe(`${APP_UID}:${APP_UID}`);
    expect(Object.keys(config.Config.Volumes).sort()).toEqual(['/backups', '/data']);
    expect(config.Healthcheck?.Test).toEqual(['CMD', '/app/node_modules/node/bin/node', '/app/scripts/healthcheck.mjs']);
    expect(config.Config.Cmd).toEqual(['/app/node_modules/node/bin/node', ...SERVER_NODE_FLAGS, 'src/server/main.ts']);
    // Only the image's layout: no site setting, no key, no build argument.
    const names = config.Config.Env.map((entry) => entry.split('=')[0]).sort();
    expect(names).toEqual(['DATA_DIR', 'MALLOC_ARENA_MAX', 'NODE_ENV', 'PATH']);
  });

  it('answers /readyz with this release and takes an application', async () => {
    const ready = (await (await fetch(`${url}/readyz`)).json()) as { status: string; version: string; schema: { pending: number } };
    expect(ready).toMatchObject({ status: 'ok', version: VERSION, schema: { pending: 0 } });

    const [recaptchaToken] = await solvedTokensFrom(url, 1);
    const saved = await fetch(`${url}/api/save-pharmacist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validApplication({ country: 'uk' }, { recaptchaToken })),
    });
    const body = (await saved.json()) as { status: string; data: { id: string } };
    expect(saved.status, `${JSON.stringify(body)}\n${await logsOf()}`).toBe(200);
    expect(body.status).toBe('ok');
    if (database) {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ status: string }>('select status from applications where id = $1', [body.data.id]);
        expect(rows).toHaveLength(1);
      } finally {
        await client.end();
      }
    }
    // Its e-mail is written into the volume (no SMTP_URL): the volume is the server's to write.
    await expect
      .poll(async () => (await exec(['sh', '-c', 'ls /data/mail 2>/dev/null | grep -c "\\.eml$"'])).stdout.trim(), { timeout: 30_000, interval: 500 })
      .not.toBe('0');
  });

  it("answers its HEALTHCHECK (podman healthcheck run, the image's own command)", async () => {
    const check = await podman(['healthcheck', 'run', CONTAINER]);
    expect(check.code, `${check.stdout}${check.stderr}`).toBe(0);
  });

  it('runs the server as PID 1 under the non-root user, with the flags of process-settings.ts', async () => {
    expect((await exec(['id', '-u'])).stdout.trim()).toBe(String(APP_UID));
    const status = (await exec(['cat', '/proc/1/status'])).stdout;
    expect(/^Uid:\s+(.*)$/m.exec(status)?.[1]?.split(/\s+/)).toEqual(Array(4).fill(String(APP_UID)));
    expect(/^Gid:\s+(.*)$/m.exec(status)?.[1]?.split(/\s+/)).toEqual(Array(4).fill(String(APP_UID)));
    expect(/^CapEff:\s+(\S+)/m.exec(status)?.[1]).toBe('0000000000000000');
    const commandLine = (await exec(['cat', '/proc/1/cmdline'])).stdout.split('\0').filter(Boolean);
    expect(commandLine).toEqual(['/app/node_modules/node/bin/node', ...SERVER_NODE_FLAGS, 'src/server/main.ts']);
    expect((await exec(['/app/node_modules/node/bin/node', '--version'])).stdout.trim()).toMatch(/^v24\./);
  });

  it('lets that user write nothing but the volumes (/data, /backups) and /tmp, and holds no setuid program', async () => {
    // Every file system but the kernel's (/proc, /sys, /dev): the image's own files and what the
    // runtime mounts (/etc/hosts, /etc/resolv.conf, /run/secrets, ...).
    const writable = await exec(
      [
        'find',
        '/',
        '(',
        '-path',
        '/proc',
        '-o',
        '-path',
        '/sys',
        '-o',
        '-path',
        '/dev',
        '-o',
        '-path',
        '/data',
        '-o',
        '-path',
        '/backups',
        '-o',
        '-path',
        '/tmp',
        ')',
        '-prune',
        '-o',
        '-writable',
        '-print',
      ],
      String(APP_UID),
    );
    expect(writable.stdout.trim().split('\n').filter(Boolean)).toEqual([]);
    expect((await exec(['stat', '-c', '%u %a', '/data', '/backups'])).stdout.trim().split('\n')).toEqual([`${APP_UID} 700`, `${APP_UID} 700`]);
    expect((await exec(['sh', '-c', 'touch /data/probe && rm /data/probe && touch /tmp/probe && rm /tmp/probe && echo ok'])).stdout.trim()).toBe('ok');
    const setuid = await exec(['find', '/', '-xdev', '-type', 'f', '-perm', '/6000']);
    expect(setuid.stdout.trim()).toBe('');
  });

  it('runs the operator commands in the container (node scripts/staff.ts, scripts/backup.ts), the keys from the same files', async () => {
    const listed = await exec(['node', 'scripts/staff.ts', 'list']);
    expect(listed.code, `${listed.stdout}${listed.stderr}`).toBe(0);
    expect(listed.stdout).toContain('admin@example.com');
    const backup = await exec(['node', 'scripts/backup.ts', '--out', '/backups/by-hand.backup.gz']);
    expect(backup.code, `${backup.stdout}${backup.stderr}`).toBe(0);
    expect((await exec(['stat', '-c', '%u %a', '/backups/by-hand.backup.gz'])).stdout.trim()).toBe(`${APP_UID} 600`);
  });

  it('stops on SIGTERM within its grace time, exiting 0', async () => {
    const started = Date.now();
    const stopped = await podman(['stop', '--time', '20', CONTAINER], 60_000);
    expect(stopped.code, stopped.stderr).toBe(0);
    expect(Date.now() - started).toBeLessThan(15_000);
    const state = await podman(['inspect', '--format', '{{.State.ExitCode}}', CONTAINER]);
    expect(state.stdout.trim(), await logsOf()).toBe('0');
    expect(await logsOf()).toContain('shutting down');
  });
});
