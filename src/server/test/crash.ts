// Crash durability: drive registrations (half with a photo) at a real server process, SIGKILL it
// mid-load, restart it on the same data, stop it gracefully, then open the database directly
// and check that everything the server acknowledged is there, complete, and nothing half-written
// (no file row without its bytes, nothing written under DATA_DIR/files).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, like, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { applications, fileContents, files, pharmacies } from '../db/schema.ts';
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
  /** File rows without their bytes, and applications whose photo is not linked to them. */
  halfWritten: string[];
  storedAfterRestart: number;
  restartedOk: boolean;
  exitAfterRestart: number | null;
  /** Files under DATA_DIR/files: uploads are kept in the database, so a kill mid-write can leave none there. */
  leftovers: string[];
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
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
  const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 120, sigma: 30 } } })
    .jpeg()
    .toBuffer();
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
          // More than MAX_UPLOADS_PER_CLIENT uploads at once from one address are answered 503 before their body is read
          // (the bot-check token unused): the client tries again, as a person shown "try again" would,
          // for up to a minute (16 uploads waiting at some 150 ms each can take longer than 2 s).
          let uploaded = await post('/api/save-temp-pharmacist-image', photoBody(photoTokens[i / 2]));
          const giveUpAt = Date.now() + 60_000;
          while (uploaded.status === 503 && Date.now() < giveUpAt && !killed) {
            await new Promise((resolve) => setTimeout(resolve, 20));
            uploaded = await post('/api/save-temp-pharmacist-image', photoBody(photoTokens[i / 2]));
          }
          if (uploaded.status !== 200) throw new Error(`photo upload answered ${uploaded.status}`);
          photo = { filename: String(uploaded.json.filename), id: String(uploaded.json.target_id) };
          photoAcks.push(photo);
        }
        const payload = validApplication(
          { country: 'uk', distinct: { run: 'crash', index: 500_000 + i } },
          { recaptchaToken: tokens[i], ...(photo ? { photo: photo.filename, photoId: photo.id } : {}) },
        );
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

  // Restart on the same data: it must come up (recovery) and take new registrations.
  log('restarting on the same data');
  const again = await startServerProcess({ dataDir: options.dataDir, databaseUrl: options.databaseUrl, env: { ...env, NODE_ENV: 'development' } });
  const [afterToken] = await solvedTokensFrom(again.url, 1);
  const after = await fetch(`${again.url}/api/save-pharmacist`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(validApplication({ country: 'uk', distinct: { run: 'crash-after', index: 599_999 } }, { recaptchaToken: afterToken })),
  });
  const restartedOk = after.status === 200;
  const exit = await again.stop();

  // Read what is stored, as the server would after the restart.
  const config = loadConfig({ DATA_DIR: options.dataDir, DATABASE_URL: options.databaseUrl });
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
    const photosMissing: string[] = [];
    for (const photo of photoAcks) {
      const [row] = await db
        .select({ storageName: files.storageName, bytes: files.bytes, stored: sql<number>`octet_length(${fileContents.content})` })
        .from(files)
        .leftJoin(fileContents, eq(fileContents.fileId, files.id))
        .where(eq(files.id, photo.id));
      if (!row || row.storageName !== photo.filename || row.stored !== row.bytes) photosMissing.push(photo.filename);
    }
    const halfWritten: string[] = [];
    const withoutBytes = await db
      .select({ storageName: files.storageName })
      .from(files)
      .leftJoin(fileContents, eq(fileContents.fileId, files.id))
      .where(sql`${fileContents.fileId} is null`);
    for (const row of withoutBytes) halfWritten.push(`file row without its bytes: ${row.storageName}`);
    const withPhoto = await db
      .select({ id: applications.id, photo: applications.photo, linkedTo: files.applicationId })
      .from(applications)
      .leftJoin(files, eq(files.storageName, applications.photo))
      .where(sql`${applications.photo} is not null and ${applications.email} like 'load-crash-%'`);
    for (const row of withPhoto) if (row.linkedTo !== row.id) halfWritten.push(`application ${row.id} photo not linked`);
    const leftovers = filesUnder(path.join(options.dataDir, 'files'));
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(applications)
      .where(like(applications.email, 'load-crash%'));
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
