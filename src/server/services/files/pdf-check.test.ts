import { PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { checkPdf, streamsExpandWithin } from './pdf-check.ts';

async function pdfWithStreamOf(bytes: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  // A compressed stream of zeros: tiny on disk, `bytes` once inflated.
  const stream = doc.context.flateStream(new Uint8Array(bytes));
  page.node.set(PDFName.of('PieceInfo'), doc.context.register(stream));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

describe('checkPdf', () => {
  it('measures what compressed streams expand to, and refuses a PDF that would expand past the limit', async () => {
    const small = await pdfWithStreamOf(1024 * 1024);
    expect(await streamsExpandWithin(small, 2 * 1024 * 1024)).toBe(true);
    expect(await checkPdf(small)).toEqual({ ok: true });
    expect(await streamsExpandWithin(small, 512 * 1024)).toBe(false);
    const bomb = await pdfWithStreamOf(160 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await checkPdf(bomb)).toEqual({ ok: false, reason: 'unreadable' });
  }, 60_000);
});
