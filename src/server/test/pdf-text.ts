// Reads what a PDF we made says, and the PDF a raw .eml carries. pdf-lib writes each line of text
// as one `<hex> Tj` of the standard fonts' WinAnsi (windows-1252) bytes, in compressed content
// streams: each page's streams are inflated and their hex strings decoded, in order.
import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream, type PDFObject } from 'pdf-lib';

const winAnsi = new TextDecoder('windows-1252');

/** The PDF's lines of text, page after page. */
export async function pdfLines(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of doc.getPages()) {
    const contents: PDFObject | undefined = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const operators = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const [, hex] of operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) lines.push(winAnsi.decode(Buffer.from(hex!, 'hex')));
    }
  }
  return lines;
}

/** The PDF's text as one string, lines joined by spaces (a wrapped answer reads whole). */
export const pdfText = async (bytes: Uint8Array) => (await pdfLines(bytes)).join(' ');

/** The PDF attached to a raw message as nodemailer writes it (base64), with its file name; null when none. */
export function pdfAttachmentIn(raw: string): { filename: string; bytes: Buffer } | null {
  const normalised = raw.replace(/\r\n/g, '\n');
  const boundary = /boundary="?([^";\n]+)"?/i.exec(normalised)?.[1];
  if (!boundary) return null;
  for (const part of normalised.split(`--${boundary}`)) {
    const end = part.indexOf('\n\n');
    const head = part.slice(0, end).replace(/\n[ \t]+/g, ' ');
    if (!/^content-type: application\/pdf/im.test(head)) continue;
    const filename = /filename="?([^";\n]+)"?/i.exec(head)?.[1] ?? '';
    return { filename, bytes: Buffer.from(part.slice(end + 2).replace(/\s+/g, ''), 'base64') };
  }
  return null;
}
