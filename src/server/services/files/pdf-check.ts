// A PDF certificate is parsed by a real PDF library (pdf-lib) and refused when it does not parse,
// has no page, or carries active content: scripts, launch actions, attached files, actions run on
// opening. Every object is walked, compressed object streams included, and names written with
// #xx escapes are read as the viewer reads them.
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream, type PDFObject } from 'pdf-lib';

/** Keys that only active content has. `/AA` are actions on events (page open, field focus). */
const FORBIDDEN_KEYS = new Set(['JavaScript', 'JS', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'AA', 'RichMedia', 'XFA']);
/** Action types (`/S`) that run code, start programs, send data or open other files. */
const FORBIDDEN_ACTIONS = new Set(['JavaScript', 'Launch', 'SubmitForm', 'ImportData', 'GoToE', 'GoToR', 'Rendition', 'RichMediaExecute', 'Sound', 'Movie']);
/** The same names as the raw bytes show them when they are not compressed: a second line against parser differences. */
const RAW_FORBIDDEN = /\/(?:JavaScript|JS|Launch|EmbeddedFiles?|RichMedia)(?=[\s/<>[\]()%{}]|$)/;

export type PdfCheck = { ok: true } | { ok: false; reason: 'unreadable' | 'activeContent' };

const nameOf = (name: PDFName) => name.asString().slice(1).replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function hasActiveContent(object: PDFObject, seen: Set<PDFObject>): boolean {
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
      if (hasActiveContent(value, seen)) return true;
    }
  } else if (object instanceof PDFArray) {
    for (const item of object.asArray()) if (hasActiveContent(item, seen)) return true;
  }
  return false;
}

export async function checkPdf(content: Buffer): Promise<PdfCheck> {
  if (RAW_FORBIDDEN.test(content.toString('latin1'))) return { ok: false, reason: 'activeContent' };
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(content, { ignoreEncryption: true, throwOnInvalidObject: true, updateMetadata: false });
    if (document.getPageCount() < 1) return { ok: false, reason: 'unreadable' };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  // An encrypted file's object streams cannot be read here, so what they hold cannot be checked.
  if (document.isEncrypted) return { ok: false, reason: 'unreadable' };
  const seen = new Set<PDFObject>();
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (hasActiveContent(object, seen)) return { ok: false, reason: 'activeContent' };
  }
  return { ok: true };
}
