// A PDF certificate is parsed by a real PDF library (pdf-lib) and refused when it does not parse,
// has no page, or carries active content: scripts, launch actions, attached files, actions run on
// opening. Every object is walked, compressed object streams included, and names written with
// #xx escapes are read as the viewer reads them.
import { promisify } from 'node:util';
import { inflate } from 'node:zlib';
import type { PDFDocument, PDFName, PDFObject } from 'pdf-lib';

/** pdf-lib loads with the first PDF certificate, not at start (issue 27). */
type PdfLib = typeof import('pdf-lib');
let pdfLib: Promise<PdfLib> | null = null;
const loadPdfLib = () => (pdfLib ??= import('pdf-lib'));

const inflateAsync = promisify(inflate);

/**
 * What all compressed streams of one PDF may expand to. pdf-lib inflates object streams whole and
 * without a bound, so a small file could expand to gigabytes (a "zip bomb"); streams are measured
 * first with zlib's own output limit. A one- or two-page certificate needs far less.
 */
const MAX_INFLATED_PDF_BYTES = 128 * 1024 * 1024;

/** Keys that only active content has. `/AA` are actions on events (page open, field focus). */
const FORBIDDEN_KEYS = new Set(['JavaScript', 'JS', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'AA', 'RichMedia', 'XFA']);
/** Action types (`/S`) that run code, start programs, send data or open other files. */
const FORBIDDEN_ACTIONS = new Set(['JavaScript', 'Launch', 'SubmitForm', 'ImportData', 'GoToE', 'GoToR', 'Rendition', 'RichMediaExecute', 'Sound', 'Movie']);
/** The same names as the raw bytes show them when they are not compressed: a second line against parser differences. */
const RAW_FORBIDDEN = /\/(?:JavaScript|JS|Launch|EmbeddedFiles?|RichMedia)(?=[\s/<>[\]()%{}]|$)/;

export type PdfCheck = { ok: true } | { ok: false; reason: 'unreadable' | 'activeContent' };

const nameOf = (name: PDFName) =>
  name
    .asString()
    .slice(1)
    .replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function hasActiveContent(lib: PdfLib, object: PDFObject, seen: Set<PDFObject>): boolean {
  const { PDFArray, PDFDict, PDFName, PDFStream } = lib;
  if (seen.has(object)) return false;
  seen.add(object);
  const dict = object instanceof PDFDict ? object : object instanceof PDFStream ? object.dict : null;
  if (dict) {
    for (const [key, value] of dict.entries()) {
      const name = nameOf(key);
      if (FORBIDDEN_KEYS.has(name)) return true;
      if (name === 'S' && value instanceof PDFName && FORBIDDEN_ACTIONS.has(nameOf(value))) return true;
      // An OpenAction that is a destination (an array: page and view) only says where to open;
      // an action dictionary (or a reference to one) runs something.
      if (name === 'OpenAction' && !(value instanceof PDFArray)) return true;
      if (hasActiveContent(lib, value, seen)) return true;
    }
  } else if (object instanceof PDFArray) {
    for (const item of object.asArray()) if (hasActiveContent(lib, item, seen)) return true;
  }
  return false;
}

/** False when the file's deflate streams together expand beyond `limit` bytes. */
export async function streamsExpandWithin(content: Buffer, limit = MAX_INFLATED_PDF_BYTES): Promise<boolean> {
  let total = 0;
  let from = 0;
  for (;;) {
    const keyword = content.indexOf('stream', from, 'latin1');
    if (keyword < 0) return true;
    from = keyword + 6;
    if (content.toString('latin1', Math.max(0, keyword - 3), keyword) === 'end') continue;
    let start = from;
    if (content[start] === 0x0d) start++;
    if (content[start] === 0x0a) start++;
    const end = content.indexOf('endstream', start, 'latin1');
    if (end < 0) return true;
    try {
      total += (await inflateAsync(content.subarray(start, end), { maxOutputLength: limit - total + 1 })).length;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return false;
      // Not deflate data (a JPEG image, say), or cut short: nothing to measure.
    }
    if (total > limit) return false;
    from = end + 9;
  }
}

export async function checkPdf(content: Buffer): Promise<PdfCheck> {
  if (RAW_FORBIDDEN.test(content.toString('latin1'))) return { ok: false, reason: 'activeContent' };
  if (!(await streamsExpandWithin(content))) return { ok: false, reason: 'unreadable' };
  const lib = await loadPdfLib();
  let document: PDFDocument;
  try {
    document = await lib.PDFDocument.load(content, { ignoreEncryption: true, throwOnInvalidObject: true, updateMetadata: false });
    if (document.getPageCount() < 1) return { ok: false, reason: 'unreadable' };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  // An encrypted file's object streams cannot be read here, so what they hold cannot be checked.
  if (document.isEncrypted) return { ok: false, reason: 'unreadable' };
  const seen = new Set<PDFObject>();
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (hasActiveContent(lib, object, seen)) return { ok: false, reason: 'activeContent' };
  }
  return { ok: true };
}
