// A legal text's Markdown as HTML, with heading ids for the table of contents. Its own module: it
// brings `marked` (some 12 KB, and its grammar is built when it loads), which a page the server
// rendered does not need to hydrate (legal-page.tsx, decision 0039).
import { Marked, Renderer } from 'marked';
import { escapeHtml, slugify, type LegalHeading, type RenderedLegalDocument } from './legal-document.ts';

export function renderLegalMarkdown(markdown: string): RenderedLegalDocument {
  const headings: LegalHeading[] = [];
  const used = new Map<string, number>();
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth }) {
        const text = this.parser.parseInline(tokens, this.parser.textRenderer);
        const base = slugify(text);
        const count = used.get(base) ?? 0;
        used.set(base, count + 1);
        const id = count === 0 ? base : `${base}-${count + 1}`;
        if (depth === 2) headings.push({ id, text });
        return `<h${depth} id="${id}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
      // A link whose text is an unset detail (say, no support e-mail configured) is left out.
      link(token) {
        if (!token.text.trim()) return '';
        return Renderer.prototype.link.call(this, token);
      },
      // Tables scroll sideways on narrow screens instead of widening the page.
      table(token) {
        return `<div class="legal__table" role="region" aria-label="${escapeHtml(token.header.map((cell) => cell.text).join(', '))}" tabindex="0">${Renderer.prototype.table.call(this, token)}</div>\n`;
      },
    },
  });
  const html = marked.parse(markdown, { async: false });
  return { html, headings };
}
