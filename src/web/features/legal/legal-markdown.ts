// A legal text's Markdown as HTML, with heading ids for the table of contents. Its own module: it
// brings `marked` (some 12 KB, and its grammar is built when it loads), which a page the server
// rendered does not need to hydrate (legal-page.tsx, decision 0039).
// A table's caption is the paragraph just before it that starts with ": " (Pandoc's way).
import { Marked, Renderer, type Token, type Tokens } from 'marked';
import { escapeHtml, slugify, type LegalHeading, type RenderedLegalDocument } from './legal-document.ts';

const CAPTION = /^:\s+/;

/** Takes each caption paragraph out of the tokens and gives it to the table it names. */
function captionTables(tokens: Token[]): Map<Tokens.Table, string> {
  const captions = new Map<Tokens.Table, string>();
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    if (token.type !== 'paragraph' || !CAPTION.test(token.raw)) continue;
    let next = i + 1;
    while (tokens[next]?.type === 'space') next += 1;
    const table = tokens[next];
    if (table?.type !== 'table') continue;
    captions.set(table as Tokens.Table, (token as Tokens.Paragraph).text.replace(CAPTION, '').trim());
    tokens.splice(i, next - i);
  }
  return captions;
}

export function renderLegalMarkdown(markdown: string): RenderedLegalDocument {
  const headings: LegalHeading[] = [];
  const used = new Map<string, number>();
  let captions = new Map<Tokens.Table, string>();
  const marked: Marked = new Marked({
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
      // Tables scroll sideways on narrow screens instead of widening the page; the region is named by the caption.
      table(token): string {
        const source = captions.get(token);
        const caption: string | undefined = source === undefined ? undefined : marked.parseInline(source, { async: false });
        const table = Renderer.prototype.table.call(this, token);
        const name = caption === undefined ? escapeHtml(token.header.map((cell) => cell.text).join(', ')) : caption.replace(/<[^>]*>/g, '');
        const captioned = caption === undefined ? table : table.replace('<table>', () => `<table>\n<caption>${caption}</caption>`);
        return `<div class="legal__table" role="region" aria-label="${name}" tabindex="0">${captioned}</div>\n`;
      },
    },
  });
  const tokens = marked.lexer(markdown);
  captions = captionTables(tokens);
  const html = marked.parser(tokens);
  return { html, headings };
}
