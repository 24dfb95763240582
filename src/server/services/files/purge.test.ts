import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, uploadPhoto, type TestContext } from '../../test/context.ts';
import { sweepLeftoverFiles } from './purge.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const HOUR = 3600_000;
const age = (file: string, ms: number) => {
  const when = new Date(Date.now() - ms);
  utimesSync(file, when, when);
};

describe('sweepLeftoverFiles', () => {
  it('removes .part files and files without a row once they are an hour old, in photos and certificates', async () => {
    const photosDir = ctx.app.services.photos.dir;
    const certificatesDir = ctx.app.services.certificates.dir;
    mkdirSync(certificatesDir, { recursive: true });
    // A photo with its row (kept at any age), as a finished upload leaves it.
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#456' } }).jpeg().toBuffer();
    const uploaded = (await uploadPhoto(ctx.app, jpeg.toString('base64'))).json() as { filename: string };
    const withRow = path.join(photosDir, uploaded.filename);
    age(withRow, 3 * HOUR);
    // What a crash or a full disk leaves: half-written files and files whose row never came.
    const leftovers = [
      path.join(photosDir, 'AAAAAAAAAAAAAAAAAAAAAA.jpg.part'),
      path.join(photosDir, 'BBBBBBBBBBBBBBBBBBBBBB.jpg'),
      path.join(certificatesDir, 'CCCCCCCCCCCCCCCCCCCCCC.pdf.part'),
      path.join(certificatesDir, 'DDDDDDDDDDDDDDDDDDDDDD.pdf'),
    ];
    // The same, but fresh: a save may be writing them right now.
    const fresh = [path.join(photosDir, 'EEEEEEEEEEEEEEEEEEEEEE.jpg.part'), path.join(certificatesDir, 'FFFFFFFFFFFFFFFFFFFFFF.pdf')];
    for (const file of [...leftovers, ...fresh]) writeFileSync(file, 'x');
    for (const file of leftovers) age(file, HOUR + 60_000);
    for (const file of fresh) age(file, HOUR - 60_000);

    const removed = await sweepLeftoverFiles(ctx.database.db, [photosDir, certificatesDir]);

    expect(removed.sort()).toEqual([...leftovers].sort());
    for (const file of leftovers) expect(existsSync(file), file).toBe(false);
    for (const file of [...fresh, withRow]) expect(existsSync(file), file).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: `/files/photos/${uploaded.filename}` })).statusCode).toBe(200);
  });

  it('takes a folder that does not exist yet as empty', async () => {
    expect(await sweepLeftoverFiles(ctx.database.db, [path.join(ctx.config.dataDir, 'nowhere')])).toEqual([]);
  });
});
