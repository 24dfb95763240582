// Crash durability: drive registrations (half with a photo) at a real server process, SIGKILL it
// mid-load, restart it on the same data, stop it gracefully, then open the database directly
// and check that everything the server acknowledged is there, complete, and nothing half-written;
// and that the restart's sweep leaves no partial or unowned file behind.
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, like, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { applications, files, pharmacies } from '../db/schema.ts';
import { solvedTokensFrom } from './bot-check.ts';
import { validApplication } from './payloads.ts';
import { startServerProcess } from './server-process.ts';

export interface CrashOptions {
  dataDir: string;
  databaseUrl?: string;
  /** Registrations prepared (each with a solved token). */
  registrations: number;
  concurrency: number;
  /** SIGKILL once this many saves were acknowledged. */
  killAfterAcks: number;
  log?: (message: string) => void;
}

export interface CrashReport {
  acknowledged: number;
  acknowledgedPhotos: number;
  /** Requests that had no answer when the server died (their outcome is unknown to the client). */
  cutOff: number;
  missing: string[];
  incomplete: string[];
  photosMissing: string[];
  /** File rows whose file is not on disk, and applications whose photo is not linked to them. */
  halfWritten: string[];
  storedAfterRestart: number;
  restartedOk: boolean;
  exitAfterRestart: number | null;
  /** `.part` files and files without a row still in the upload folders after the restart's sweep. */
  leftovers: string[];
}

/** Older than the sweep age (1 h) and younger than the unlinked-photo purge (2 h). */
const AGED_MS = 90 * 60 * 1000;

/**
 * What the restart finds: whatever the kill left in the upload folders, plus one partial and one
 * unowned file of each kind (as a kill mid-write leaves them), all dated back past the sweep age.
 */
function ageUploadFolders(dirs: string[]): void {
  const then = new Date(Date.now() - AGED_MS);
  for (const dir of dirs) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'killed-mid-write.jpg.part'), 'partial');
    writeFileSync(path.join(dir, 'written-before-its-row.jpg'), 'no row');
    for (const name of readdirSync(dir)) utimesSync(path.join(dir, name), then, then);
  }
}

function leftoverFiles(dirs: string[], known: Set<string>): string[] {
  return dirs.flatMap((dir) => readdirSync(dir).filter((name) => name.endsWith('.part') || !known.has(name)).map((name) => path.join(path.basename(dir), name)));
}

interface Ack {
  id: string;
  email: string;
  photo?: { filename: string; id: string };
}

export async function crashDurability(options: CrashOptions): Promise<CrashReport> {
  const log = options.log ?? (() => undefined);
  const env = { CAPTCHA_MAX_NUMBER: '1000' };
  const server = await startServerProcess({ dataDir: options.dataDir, databaseUrl: options.databaseUrl, env });
  const tokens = await solvedTokensFrom(server.url, options.registrations);
  // Every other registration uploads a photo first, and each upload carries its own solution.
  const photoTokens = await solvedTokensFrom(server.url, Math.ceil(options.registrations / 2));
  const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 120, sigma: 30 } } }).jpeg().toBuffer();
  const photoBody = (recaptchaToken: string | undefined) => JSON.stringify({ data: jpeg.toString('base64'), recaptchaToken });

  const acks: Ack[] = [];
  const photoAcks: Array<{ filename: string; id: string }> = [];
  let cutOff = 0;
  let next = 0;
  let killed = false;
  let killing: Promise<unknown> | null = null;

  const post = async (url: string, body: string) => {
    const response = await fetch(`${server.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };

  const worker = async () => {
    while (!killed && next < options.registrations) {
      const i = next++;
      try {
        let photo: { filename: string; id: string } | undefined;
        if (i % 2 === 0) {
          // More than MAX_WAITING_UPLOADS uploads at once are answered 503 before their body is read
          // (the bot-check token unused): the client tries again, as a person shown "try again" would.
          let uploaded = await post('/api/save-temp-pharmacist-image', photoBody(photoTokens[i / 2]));
          for (let retry = 0; uploaded.status === 503 && retry < 100 && !killed; retry++) {
            await new Promise((resolve) => setTimeout(resolve, 20));
            uploaded = await post('/api/save-temp-pharmacist-image', photoBody(photoTokens[i / 2]));
          }
          if (uploaded.status !== 200) throw new Error(`photo upload answered ${uploaded.status}`);
          photo = { filename: String(uploaded.json.filename), id: String(uploaded.json.target_id) };
          photoAcks.push(photo);
        }
        const payload = validApplication({ country: 'uk', distinct: { run: 'crash', index: 500_000 + i } }, { recaptchaToken: tokens[i], ...(photo ? { photo: photo.filename, photoId: photo.id } : {}) });
        const saved = await post('/api/save-pharmacist', JSON.stringify(payload));
        if (saved.status !== 200 || saved.json.status !== 'ok') throw new Error(`save answered ${saved.status} ${JSON.stringify(saved.json)}`);
        acks.push({ id: String((saved.json.data as { id: string }).id), email: String(payload.email), photo });
        if (acks.length >= options.killAfterAcks && !killed) {
          killed = true;
          log(`SIGKILL after ${acks.length} acknowledged saves`);
          killing = server.kill();
        }
      } catch (error) {
        if (!killed) throw error;
        cutOff++;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  if (!killed) {
    killed = true;
    killing = server.kill();
  }
  await killing;
  const uploadDirs = ['photos', 'certificates'].map((kind) => path.join(options.dataDir, 'files', kind));
  ageUploadFolders(uploadDirs);

  // Restart on the same data: it must come up (recovery) and take new registrations.
  log('restarting on the same data');
  const again = await startServerProcess({ dataDir: options.dataDir, databaseUrl: options.databaseUrl, env: { ...env, NODE_ENV: 'development' } });
  // The start's sweep runs beside the first requests; its log line says when it is done.
  await waitFor(() => /"leftovers":\d+/.test(again.output()) || /purge failed/.test(again.output()), 60_000);
  const [afterToken] = await solvedTokensFrom(again.url, 1);
  const after = await fetch(`${again.url}/api/save-pharmacist`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(validApplication({ country: 'uk', distinct: { run: 'crash-after', index: 599_999 } }, { recaptchaToken: afterToken })),
  });
  const restartedOk = after.status === 200;
  const exit = await again.stop();

  // Read what is stored, as the server would after the restart.
  const config = loadConfig({ DATA_DIR: options.dataDir, DATABASE_URL: options.databaseUrl, CAPTCHA_HMAC_KEY: 'x'.repeat(32) });
  const handle = await openDatabase(config);
  try {
    const { db } = handle;
    const ids = acks.map((a) => a.id);
    const stored = ids.length ? await db.select().from(applications).where(inArray(applications.id, ids)) : [];
    const byId = new Map(stored.map((row) => [row.id, row]));
    const missing = acks.filter((a) => !byId.has(a.id)).map((a) => a.id);
    const incomplete: string[] = [];
    for (const ack of acks) {
      const row = byId.get(ack.id);
      if (!row) continue;
      const answers = row.answers as Record<string, unknown>;
      const ok =
        row.email === ack.email &&
        answers.email === ack.email &&
        row.firstName === 'Amelia' &&
        answers.agreementCheck5 === true &&
        row.photo === (ack.photo?.filename ?? null) &&
        (await db.select({ id: pharmacies.id }).from(pharmacies).where(eq(pharmacies.placeId, row.placeId))).length === 1;
      if (!ok) incomplete.push(ack.id);
    }
    const photosDir = path.join(options.dataDir, 'files', 'photos');
    const photosMissing: string[] = [];
    for (const photo of photoAcks) {
      const [row] = await db.select().from(files).where(eq(files.id, photo.id));
      if (!row || row.storageName !== photo.filename || !existsSync(path.join(photosDir, photo.filename))) photosMissing.push(photo.filename);
    }
    const halfWritten: string[] = [];
    for (const row of await db.select().from(files)) {
      if (!existsSync(path.join(photosDir, row.storageName))) halfWritten.push(`file row without file: ${row.storageName}`);
    }
    const withPhoto = await db
      .select({ id: applications.id, photo: applications.photo, linkedTo: files.applicationId })
      .from(applications)
      .leftJoin(files, eq(files.storageName, applications.photo))
      .where(sql`${applications.photo} is not null and ${applications.email} like 'load-crash-%'`);
    for (const row of withPhoto) if (row.linkedTo !== row.id) halfWritten.push(`application ${row.id} photo not linked`);
    const known = new Set((await db.select({ storageName: files.storageName }).from(files)).map((row) => row.storageName));
    const leftovers = leftoverFiles(uploadDirs, known);
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(applications).where(like(applications.email, 'load-crash%'));
    return {
      acknowledged: acks.length,
      acknowledgedPhotos: photoAcks.length,
      cutOff,
      missing,
      incomplete,
      photosMissing,
      halfWritten,
      storedAfterRestart: count!.n,
      restartedOk,
      exitAfterRestart: exit.code,
      leftovers,
    };
  } finally {
    await handle.close();
  }
}

async function waitFor(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('the restarted server did not report its start-up sweep');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
