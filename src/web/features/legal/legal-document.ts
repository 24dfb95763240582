// Legal texts: Markdown per market and language under src/web/content/<country>/<language>/,
// with {{placeholders}} for the operator's details, rendered with heading ids for the
// table of contents (legal-markdown.ts, which pulls in `marked`, loaded only when a page renders a text itself).
import type { LegalDocumentKind } from '#shared/legal-versions.ts';
import { MARKET_LANGUAGE, isLanguage, type Country, type Language } from '#shared/markets.ts';

export interface LegalHeading {
  id: string;
  text: string;
}

export interface RenderedLegalDocument {
  html: string;
  /** The level-2 headings, in order: the sections of the table of contents. */
  headings: LegalHeading[];
}

export interface LegalText {
  markdown: string;
  /** Which market's text this is, and in which language (it may be a fallback). */
  country: Country;
  language: Language;
}

// Each text is its own chunk, fetched only when its page is shown.
const texts = import.meta.glob<string>('../../content/*/*/*.md', { query: '?raw', import: 'default' });

function textPath(country: string, language: string, kind: LegalDocumentKind): string {
  return `../../content/${country}/${language}/${kind}.md`;
}

/**
 * The market's text in the visitor's language, else in the market's own language (which is the
 * version that prevails; the others are translations for information).
 */
export function findLegalText(
  country: Country,
  language: Language,
  kind: LegalDocumentKind,
): { path: string; country: Country; language: Language } | undefined {
  for (const candidate of [language, MARKET_LANGUAGE[country]]) {
    const path = textPath(country, candidate, kind);
    if (path in texts && isLanguage(candidate)) return { path, country, language: candidate };
  }
  return undefined;
}

export async function loadLegalText(country: Country, language: Language, kind: LegalDocumentKind): Promise<LegalText | undefined> {
  const found = findLegalText(country, language, kind);
  const load = found && texts[found.path];
  if (!found || !load) return undefined;
  return { markdown: await load(), country: found.country, language: found.language };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/**
 * Replaces {{name}} with the value of `name`, escaped (the values come from configuration and
 * Markdown lets HTML through). Unknown placeholders are left as they are, so they show up.
 */
export function fillPlaceholders(markdown: string, values: Record<string, string | number>): string {
  return markdown.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? escapeHtml(String(values[name])) : whole));
}

/** A URL fragment for a heading: lower case, accents dropped, words joined by '-'. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'section';
}
