// The file store on a real database: a file's row and bytes are written, read and deleted
// together, and a write that fails half way leaves neither.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileContents, files } from '../../db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../../test/context.ts';
import { once } from 'node:events';
import { deleteFile, fileContentStream, readFileContent, storeFile } from './file-store.ts';

let ctx: TestDatabase;
beforeAll(async () => {
  ctx = await createTestDatabase();
});
afterAll(async () => {
  await ctx?.close();
});

const newName = (ext = 'jpg') => `${randomBytes(16).toString('base64url')}.${ext}`;

describe('file store', () => {
  it('stores a file and reads back the same bytes by its storage name, then deletes row and bytes', async () => {
    // Every byte value, and more than one page of PostgreSQL's TOAST chunks.
    const content = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(300_000)]);
    const storageName = newName('pdf');
    const id = await storeFile(ctx.database.db, { kind: 'certificate', storageName, mime: 'application/pdf', bytes: content.length, content });

    const [row] = await ctx.database.db.select().from(files).where(eq(files.id, id));
    expect(row).toMatchObject({ kind: 'certificate', storageName, bytes: content.length, applicationId: null });
    const read = await readFileContent(ctx.database.db, storageName);
    expect(Buffer.isBuffer(read)).toBe(true);
    expect(read!.equals(content)).toBe(true);

    expect(await deleteFile(ctx.database.db, storageName)).toBe(true);
    expect(await readFileContent(ctx.database.db, storageName)).toBeNull();
    expect(await ctx.database.db.select().from(files).where(eq(files.id, id))).toEqual([]);
    expect(await ctx.database.db.select({ fileId: fileContents.fileId }).from(fileContents).where(eq(fileContents.fileId, id))).toEqual([]);
    expect(await deleteFile(ctx.database.db, storageName)).toBe(false);
  });

  it('streams a file a chunk at a time, each read from the database when the reader wants it', async () => {
    const content = randomBytes(300_000);
    const storageName = newName();
    await storeFile(ctx.database.db, { kind: 'photo', storageName, mime: 'image/jpeg', bytes: content.length, content });
    const chunks: Buffer[] = [];
    for await (const chunk of fileContentStream(ctx.database.db, storageName, content.length, 64 * 1024)) chunks.push(chunk as Buffer);
    expect(chunks.map((c) => c.length)).toEqual([65_536, 65_536, 65_536, 65_536, 37_856]);
    expect(Buffer.concat(chunks).equals(content)).toBe(true);

    // Not read ahead: a file deleted after the first chunk ends the stream with an error.
    const stream = fileContentStream(ctx.database.db, storageName, content.length, 64 * 1024);
    const [first] = (await once(stream, 'data')) as [Buffer];
    expect(first.equals(content.subarray(0, 65_536))).toBe(true);
    stream.pause();
    await deleteFile(ctx.database.db, storageName);
    stream.resume();
    const [error] = (await once(stream, 'error')) as [Error];
    expect(error.message).toMatch(/changed while it was served/);
  });

  it('deleting a files row deletes its bytes (the cascade erasure and retention rely on)', async () => {
    const storageName = newName();
    const id = await storeFile(ctx.database.db, { kind: 'photo', storageName, mime: 'image/jpeg', bytes: 3, content: Buffer.from('abc') });
    await ctx.database.db.delete(files).where(eq(files.id, id));
    expect(await ctx.database.db.select({ fileId: fileContents.fileId }).from(fileContents).where(eq(fileContents.fileId, id))).toEqual([]);
  });

  it('leaves neither row nor bytes when the write fails half way', async () => {
    const storageName = newName();
    // The row goes in, then writing the bytes fails: the transaction takes the row back.
    await expect(
      storeFile(ctx.database.db, { kind: 'photo', storageName, mime: 'image/jpeg', bytes: 1, content: null as unknown as Buffer }),
    ).rejects.toThrow();
    expect(await ctx.database.db.select().from(files).where(eq(files.storageName, storageName))).toEqual([]);
    // A name already taken: nothing of the second write stays.
    const taken = newName();
    await storeFile(ctx.database.db, { kind: 'photo', storageName: taken, mime: 'image/jpeg', bytes: 3, content: Buffer.from('one') });
    await expect(
      storeFile(ctx.database.db, { kind: 'photo', storageName: taken, mime: 'image/jpeg', bytes: 3, content: Buffer.from('two') }),
    ).rejects.toThrow();
    expect((await readFileContent(ctx.database.db, taken))?.toString()).toBe('one');
    expect(await ctx.database.db.select().from(files).where(eq(files.storageName, taken))).toHaveLength(1);
  });

  it('looks up no name that this server would not have made', async () => {
    const storageName = newName();
    await storeFile(ctx.database.db, { kind: 'photo', storageName, mime: 'image/jpeg', bytes: 1, content: Buffer.from('x') });
    for (const hostile of [
      '../secrets.json',
      `../${storageName}`,
      `${storageName}/..`,
      '%2e%2e',
      '',
      'x.exe',
      `${storageName}\u0000`,
      `photos/${storageName}`,
    ]) {
      expect(await readFileContent(ctx.database.db, hostile), hostile).toBeNull();
      expect(await deleteFile(ctx.database.db, hostile), hostile).toBe(false);
    }
    expect(await readFileContent(ctx.database.db, storageName)).not.toBeNull();
  });
});
