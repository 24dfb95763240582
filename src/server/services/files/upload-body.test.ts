import { describe, expect, it } from 'vitest';
import { readUploadBody } from './upload-body.ts';
import { readUploadBodyOffThread, uploadBodyWorkerUsed } from './upload-body-reader.ts';

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('readUploadBody', () => {
  it('reads the token and decodes base64 or a data URL', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    for (const data of [png.toString('base64'), `data:image/png;base64,${png.toString('base64')}`]) {
      const body = readUploadBody(json({ data, recaptchaToken: 't' }));
      expect(body).toMatchObject({ ok: true, recaptchaToken: 't', data: { kind: 'bytes' } });
      expect(Buffer.from((body as { data: { bytes: Uint8Array } }).data.bytes)).toEqual(png);
    }
  });

  it('says what is wrong with anything else', () => {
    expect(readUploadBody(Buffer.from('{"data":'))).toEqual({ ok: false, reason: 'syntax' });
    expect(readUploadBody(json(['a']))).toEqual({ ok: false, reason: 'notObject' });
    expect(readUploadBody(json({ data: 12 }))).toMatchObject({ ok: true, data: { kind: 'missing' } });
    expect(readUploadBody(json({ data: '' }))).toMatchObject({ ok: true, data: { kind: 'missing' } });
    expect(readUploadBody(json({ data: 'not base64!' }))).toMatchObject({ ok: true, data: { kind: 'notBase64' } });
    expect(readUploadBody(json({ data: 'A'.repeat(8_000_000) }))).toMatchObject({ ok: true, data: { kind: 'tooLong' } });
  });
});

describe('readUploadBodyOffThread', () => {
  it('reads bodies on the worker thread, small and large', async () => {
    const large = Buffer.alloc(3 * 1024 * 1024, 7);
    const small = await readUploadBodyOffThread(json({ data: Buffer.from('hi').toString('base64'), recaptchaToken: 'a' }));
    const big = await readUploadBodyOffThread(json({ data: large.toString('base64'), recaptchaToken: 'b' }));
    expect(small).toMatchObject({ ok: true, recaptchaToken: 'a', data: { kind: 'bytes' } });
    expect(big).toMatchObject({ ok: true, recaptchaToken: 'b', data: { kind: 'bytes' } });
    expect(Buffer.from((big as { data: { bytes: Uint8Array } }).data.bytes).equals(large)).toBe(true);
    expect(uploadBodyWorkerUsed()).toBe(true);
  });
});
