// Random tokens for links and cookies, and the hash under which the database keeps them.
import { createHash, randomBytes } from 'node:crypto';

/** 24 bytes = 192 bits, base64url (32 characters). */
export const newToken = (bytes = 24) => randomBytes(bytes).toString('base64url');

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A plain e-mail body as simple HTML: paragraphs, the link made clickable. */
export function simpleHtml(paragraphs: string[], link: { url: string; label: string }, lang: string): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`);
  const button = `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`;
  return `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">${body[0] ?? ''}${button}${body.slice(1).join('')}</body></html>`;
}
