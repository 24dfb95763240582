// The photo upload as the project's own browser sends it: a multipart form with the image's bytes
// and its solved bot check (docs/decisions/0043). The spec's JSON body is tested in photos.test.ts.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '#shared/limits.ts';
import { solveCaptcha } from '../test/bot-check.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { multipartBody } from '../test/multipart.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function uploadForm(fields: Record<string, unknown>, file?: { content: Buffer; contentType?: string }) {
  const form = multipartBody(fields, file ? [{ filename: 'photo.jpg', contentType: file.contentType ?? 'image/jpeg', content: file.content }] : []);
  return ctx.app.inject({ method: 'POST', url: '/api/save-temp-pharmacist-image', payload: form.payload, headers: form.headers });
}

describe('POST /api/save-temp-pharmacist-image as a multipart form', () => {
  it('stores the photo sent as a file part with its own solved bot check, and spends the solution', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a33' } })
      .jpeg()
      .toBuffer();
    const recaptchaToken = await solveCaptcha(ctx.app);
    const response = await uploadForm({ recaptchaToken }, { content: jpeg });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toEqual({ status: 'ok', filename: expect.stringMatching(/^[A-Za-z0-9_-]{22}\.jpg$/), target_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const served = await ctx.app.inject({ method: 'GET', url: `/files/photos/${answer.filename}` });
    expect((await sharp(served.rawPayload).metadata()).width).toBe(40);

    const again = await uploadForm({ recaptchaToken }, { content: jpeg });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual({ recaptchaToken: 'validation.captcha' });
  });

  it('refuses a form without its file, without its bot check, or with a file over 5 MB (413 tooBig), as the JSON body is refused', async () => {
    const withoutFile = await uploadForm({ recaptchaToken: await solveCaptcha(ctx.app) });
    expect(withoutFile.statusCode).toBe(400);
    expect(withoutFile.json().errors).toEqual({ data: 'validation.required' });

    const withoutBotCheck = await uploadForm({}, { content: Buffer.from('not checked') });
    expect(withoutBotCheck.statusCode).toBe(400);
    expect(withoutBotCheck.json().errors).toEqual({ recaptchaToken: 'validation.captcha' });

    const tooBig = await uploadForm({ recaptchaToken: await solveCaptcha(ctx.app) }, { content: Buffer.alloc(MAX_UPLOAD_BYTES + 1, 1) });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ status: 'failed', message: 'tooBig' });

    const notAnImage = await uploadForm(
      { recaptchaToken: await solveCaptcha(ctx.app) },
      { content: Buffer.from('%PDF-1.4 not a photo'), contentType: 'image/jpeg' },
    );
    expect(notAnImage.statusCode).toBe(415);
  });
});
