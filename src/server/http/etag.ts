// Conditional GETs: an answer's ETag, and whether the client already holds it.
import { createHash } from 'node:crypto';

/** A strong ETag for these bytes (or for a name that never changes its bytes). */
export function etagOf(content: string | Buffer): string {
  return `"${createHash('sha256').update(content).digest('base64url').slice(0, 27)}"`;
}

/** Whether an If-None-Match header names this ETag (a list, weak or strong, or `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === bare;
  });
}
