// The deployment files, read without running them (docs/decisions/0048): compose.yaml and its nginx
// configuration, the Containerfile's promises, .dockerignore, the container's health check, and the
// systemd unit (systemd-analyze verify). The image itself is built and run by scripts/container.test.ts.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SERVER_NODE_FLAGS } from '../src/server/process-settings.ts';
import { REPO_ROOT } from '../src/server/test/server-process.ts';

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
/** The image's command line, as the Containerfile, compose and the unit start the server. */
const SERVER_COMMAND = ['/app/node_modules/node/bin/node', ...SERVER_NODE_FLAGS, 'src/server/main.ts'];
/** The keys a fleet on PostgreSQL must share, and the database's address: files, never values. */
const SECRETS = ['DATABASE_URL', 'CAPTCHA_HMAC_KEY', 'STAFF_SECRET_KEY'];

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  environment?: Record<string, string>;
  secrets?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  read_only?: boolean;
  user?: string;
  stop_grace_period?: string;
}
interface Compose {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
  secrets: Record<string, { file: string }>;
}

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as Compose;
  const { services } = compose;

  it('runs PostgreSQL, two app servers from the Containerfile and nginx, each with a health check', () => {
    expect(Object.keys(services).sort()).toEqual(['app1', 'app2', 'db', 'nginx']);
    for (const [name, service] of Object.entries(services)) {
      expect(service.healthcheck?.test?.[0], name).toBe('CMD');
      expect(service.healthcheck?.test?.length, name).toBeGreaterThan(1);
    }
    for (const app of ['app1', 'app2']) {
      const service = services[app]!;
      expect(service.build).toMatchObject({ context: '.', dockerfile: 'Containerfile' });
      expect(service.build?.args?.BASE).toMatch(/^\$\{BASE:-.+\}$/);
      expect(service.healthcheck?.test).toEqual(['CMD', '/app/node_modules/node/bin/node', '/app/scripts/healthcheck.mjs']);
      expect(service.depends_on?.db?.condition).toBe('service_healthy');
      expect(service.read_only).toBe(true);
      expect(service.user, 'the image chooses its own non-root user').toBeUndefined();
      expect(Number.parseInt(service.stop_grace_period ?? '0', 10)).toBeGreaterThanOrEqual(15);
    }
    expect(services.nginx!.depends_on).toEqual({ app1: { condition: 'service_healthy' }, app2: { condition: 'service_healthy' } });
    expect(services.db!.healthcheck?.test).toContain('pg_isready');
  });

  it('gives each server a volume of its own for DATA_DIR, and declares every volume it mounts', () => {
    const named = (service: Service) => (service.volumes ?? []).map((volume) => volume.split(':')).filter(([source]) => !source!.startsWith('.'));
    expect(named(services.app1!)).toContainEqual(['app1-data', '/data']);
    expect(named(services.app2!)).toContainEqual(['app2-data', '/data']);
    expect(named(services.db!)).toContainEqual(['db-data', '/var/lib/postgresql/data']);
    const used = Object.values(services).flatMap((service) => named(service).map(([source]) => source));
    expect(Object.keys(compose.volumes).sort()).toEqual([...new Set(used)].sort());
    // The backups are shared: both servers record erasures in the one ledger.
    for (const app of ['app1', 'app2']) expect(named(services[app]!)).toContainEqual(['backups', '/backups']);
    expect(services.app1!.environment?.BACKUP_DIR).toBe('/backups');
  });

  it('gives the keys and the database address as files (NAME_FILE), never as values', () => {
    for (const app of ['app1', 'app2']) {
      const { environment = {}, secrets = [] } = services[app]!;
      for (const name of SECRETS) {
        expect(environment[name], `${app}: ${name} itself`).toBeUndefined();
        const secret = name.toLowerCase();
        expect(environment[`${name}_FILE`], app).toBe(`/run/secrets/${secret}`);
        expect(secrets, app).toContain(secret);
      }
      expect(environment.TRUST_PROXY).toBe('1');
      expect(environment.PUBLIC_URL).toBeTruthy();
    }
    expect(services.db!.environment?.POSTGRES_PASSWORD_FILE).toBe('/run/secrets/postgres_password');
    for (const [name, { file }] of Object.entries(compose.secrets)) expect(file).toBe(`./secrets/${name}`);
    // The secrets folder never reaches a build's context.
    expect(read('.dockerignore').split('\n')).toContain('secrets');
  });

  it("mounts nginx's configuration: the tested snippet with only the upstream's servers changed", () => {
    const mount = services.nginx!.volumes!.find((volume) => volume.includes('/etc/nginx/conf.d/'))!;
    const [source, target] = mount.split(':');
    expect(target).toBe('/etc/nginx/conf.d/default.conf');
    const directives = (text: string) =>
      text
        .split('\n')
        .map((line) => line.replace(/#.*$/, '').trim())
        .filter(Boolean);
    const tested = directives(read('docs/nginx/pharmacy-champions.conf'));
    const upstream = 'server 127.0.0.1:3000 max_fails=3 fail_timeout=10s;';
    expect(tested.filter((line) => line === upstream)).toHaveLength(1);
    const expected = tested.flatMap((line) =>
      line === upstream ? ['server app1:3000 max_fails=3 fail_timeout=10s;', 'server app2:3000 max_fails=3 fail_timeout=10s;'] : [line],
    );
    expect(directives(read(source!))).toEqual(expected);
  });
});

describe('Containerfile', () => {
  const text = read('Containerfile');
  const instructions = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter((line) => line.trim() && !line.trim().startsWith('#'));

  it('takes its base as a build argument, builds in stages and runs as a user of its own', () => {
    expect(instructions[0]).toMatch(/^ARG BASE(=|$)/);
    const froms = instructions.filter((line) => line.startsWith('FROM '));
    expect(froms.length).toBeGreaterThanOrEqual(2);
    expect(froms.at(-1)).toBe('FROM ${BASE}');
    expect(instructions).toContain('USER 10001:10001');
    expect(instructions).toContain('VOLUME ["/data", "/backups"]');
    expect(instructions.some((line) => /^RUN .*npm run build/.test(line))).toBe(true);
  });

  it('starts Node.js 24 itself as PID 1 with the server flags, checks /readyz, and builds no setting in', () => {
    const cmd = instructions.find((line) => line.startsWith('CMD '))!;
    expect(JSON.parse(cmd.slice(4)) as string[]).toEqual(SERVER_COMMAND);
    expect(instructions.some((line) => line.startsWith('ENTRYPOINT'))).toBe(false);
    expect(instructions.find((line) => line.startsWith('HEALTHCHECK '))).toMatch(
      /CMD \["\/app\/node_modules\/node\/bin\/node", "\/app\/scripts\/healthcheck\.mjs"\]$/,
    );
    const env = instructions.filter((line) => line.startsWith('ENV ')).join(' ');
    for (const name of [...SECRETS, 'SMTP_URL', 'METRICS_TOKEN', 'PUBLIC_URL', 'MARKET_HOSTS']) expect(env).not.toContain(name);
  });

  it('keeps dependencies, builds, local data and keys out of the build context (.dockerignore)', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['node_modules', 'dist', 'data', 'test-results', '.git', 'secrets', '.env']) expect(ignored).toContain(entry);
  });
});

describe("the container's health check (scripts/healthcheck.mjs)", () => {
  const check = (port: number, host?: string) =>
    new Promise<number>((resolve) => {
      execFile(
        process.execPath,
        [path.join(REPO_ROOT, 'scripts', 'healthcheck.mjs')],
        { env: { PATH: process.env.PATH, PORT: String(port), ...(host ? { HOST: host } : {}) } },
        (error) => resolve(error ? ((error.code as number | undefined) ?? 1) : 0),
      );
    });

  it('exits 0 when /readyz answers 200, 1 when it answers 503 or nothing answers', async () => {
    let status = 200;
    const paths: string[] = [];
    const server = http.createServer((request, response) => {
      paths.push(request.url ?? '');
      response.writeHead(status).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      expect(await check(port)).toBe(0);
      expect(await check(port, '0.0.0.0')).toBe(0);
      expect(await check(port, '127.0.0.1')).toBe(0);
      status = 503;
      expect(await check(port)).toBe(1);
      expect(paths).toEqual(['/readyz', '/readyz', '/readyz', '/readyz']);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(await check(port)).toBe(1);
  });
});

describe('docs/champions.service', () => {
  const unit = read('docs/champions.service');
  const work = mkdtempSync(path.join(tmpdir(), 'champions-unit-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const values = (key: string) => [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((match) => match[1]!);

  it('runs the server as its own user, restarts it on failure, gives the keys as credentials and hardens it', () => {
    expect(values('User')).toEqual(['champions']);
    expect(values('EnvironmentFile')).toEqual(['/etc/pharmacy-champions/champions.env']);
    expect(values('Restart')).toEqual(['on-failure']);
    expect(values('ExecStart')).toEqual([['/opt/pharmacy-champions/node_modules/node/bin/node', ...SERVER_NODE_FLAGS, 'src/server/main.ts'].join(' ')]);
    for (const key of ['captcha_hmac_key', 'staff_secret_key']) {
      expect(values('LoadCredential')).toContain(`${key}:/etc/pharmacy-champions/keys/${key}`);
      expect(values('Environment').join(' ')).toContain(`${key.toUpperCase()}_FILE=%d/${key}`);
    }
    expect(values('Environment').join(' ')).toContain('DATA_DIR=/var/lib/pharmacy-champions');
    expect(values('ReadWritePaths')).toEqual(['/var/lib/pharmacy-champions']);
    expect(values('ProtectSystem')).toEqual(['strict']);
    expect(values('NoNewPrivileges')).toEqual(['yes']);
    expect(Number(values('TimeoutStopSec')[0])).toBeGreaterThanOrEqual(15);
  });

  // systemd's own tool: Debian's systemd package has it (.ci/run installs it where it is missing).
  it.skipIf(!existsSync('/usr/bin/systemd-analyze') && !process.env.CI)('passes systemd-analyze verify, and its exposure is low', () => {
    // The release's folder is this checkout, so that verify finds the Node.js binary ExecStart names.
    const file = path.join(work, 'champions.service');
    writeFileSync(file, unit.replaceAll('/opt/pharmacy-champions', REPO_ROOT));
    const verify = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
    expect(verify.status, verify.stderr).toBe(0);
    // verify only warns about an unknown or misspelt setting: the unit must draw no warning at all.
    expect(verify.stderr.trim()).toBe('');
    const security = spawnSync('systemd-analyze', ['security', '--offline=yes', '--no-pager', file], { encoding: 'utf8' });
    const exposure = /Overall exposure level for champions\.service: ([\d.]+)/.exec(security.stdout)?.[1];
    expect(Number(exposure), security.stdout + security.stderr).toBeLessThanOrEqual(2);
  });
});
