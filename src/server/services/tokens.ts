// Random tokens for links and cookies, and the hash under which the database keeps them.
import { createHash, randomBytes } from 'node:crypto';

/** 24 bytes = 192 bits, base64url (32 characters). */
export const newToken = (bytes = 24) => randomBytes(bytes).toString('base64url');

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON safe inside a <script> element: no "<" can close it or open a comment. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * A plain e-mail body as simple HTML: paragraphs (line breaks kept), the link (if any) made
 * clickable after the first one (or after paragraph `linkAfter`), and `strong` text in bold wherever it appears.
 */
export function simpleHtml(paragraphs: string[], link: { url: string; label: string } | null, lang: string, strong?: string, linkAfter = 0): string {
  const bold = (html: string) => (strong ? html.split(escapeHtml(strong)).join(`<strong>${escapeHtml(strong)}</strong>`) : html);
  const body = paragraphs.map((p) => `<p>${bold(escapeHtml(p)).replace(/\n/g, '<br>')}</p>`);
  const button = link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : '';
  return `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">${body.slice(0, linkAfter + 1).join('')}${button}${body.slice(linkAfter + 1).join('')}</body></html>`;
}
