// A PDF of labelled answers (the applicant's copy, issue 41 item 5): a title, a few header lines,
// then each answer under its label, wrapped to the page and continued on new pages; a page footer.
// Set in the standard Helvetica, whose WinAnsi encoding holds Italian and German letters, €, „“
// and the like; anything else (a Greek letter, an emoji) is written as its base letter when it has
// one (ő as o) and as '?' otherwise, so that no free-text answer can stop the PDF (decision 0067).
import type { PDFFont, PDFPage } from 'pdf-lib';

/** pdf-lib loads with the first PDF, not at start (issue 27). */
let pdfLib: Promise<typeof import('pdf-lib')> | null = null;
const loadPdfLib = () => (pdfLib ??= import('pdf-lib'));

export interface AnswersPdf {
  title: string;
  /** Under the title: the reference, the date. */
  header: string[];
  intro: string;
  answers: ReadonlyArray<{ label: string; text: string }>;
  /** Each page's footer. */
  footer: (page: number, pages: number) => string;
  /** BCP 47, the document's language. */
  language: string;
  /** The document's creation date (so that the same answers make the same bytes). */
  createdAt: Date;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const WIDTH = A4[0] - 2 * MARGIN;
const SIZE = { title: 16, text: 10.5, footer: 8.5 };
const LEADING = 1.35;

/** Text the font can write: NFC, tabs as spaces, control characters dropped, others replaced (see the head of this file). */
function writable(font: PDFFont, text: string): string {
  const known = new Map<string, boolean>();
  const encodes = (char: string) => {
    let yes = known.get(char);
    if (yes === undefined) {
      try {
        font.encodeText(char);
        yes = true;
      } catch {
        yes = false;
      }
      known.set(char, yes);
    }
    return yes;
  };
  let out = '';
  for (const char of text.normalize('NFC').replace(/\t/g, ' ')) {
    const code = char.codePointAt(0)!;
    if ((code < 0x20 && char !== '\n') || (code >= 0x7f && code <= 0x9f)) continue;
    if (char === '\n' || encodes(char)) {
      out += char;
      continue;
    }
    const base = char.normalize('NFD').replace(/\p{M}/gu, '');
    out += base && [...base].every(encodes) ? base : '?';
  }
  return out;
}

/** The lines of a text at a width: paragraphs kept, words wrapped, a word wider than a line broken. */
function wrap(font: PDFFont, size: number, text: string): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= WIDTH;
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      for (const char of word) {
        if (line && !fits(line + char)) {
          lines.push(line);
          line = '';
        }
        line += char;
      }
    }
    lines.push(line);
  }
  return lines;
}

export async function answersPdf(content: AnswersPdf): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await loadPdfLib();
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const grey = rgb(0.33, 0.33, 0.33);
  doc.setTitle(writable(regular, content.title), { showInWindowTitleBar: true });
  doc.setLanguage(content.language);
  doc.setCreationDate(content.createdAt);
  doc.setModificationDate(content.createdAt);

  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const bottom = MARGIN + SIZE.footer * 3;
  const lineHeight = (size: number) => size * LEADING;
  /** A new page unless this many lines still fit on this one. */
  const keep = (lines: number, size: number) => {
    if (y - lines * lineHeight(size) >= bottom) return;
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
  };
  /** Writes the text's lines, starting a new page whenever the next line would not fit. */
  const write = (lines: string[], font: PDFFont, size: number, after = 0, color = rgb(0, 0, 0)) => {
    for (const line of lines) {
      keep(1, size);
      y -= lineHeight(size);
      if (line) page.drawText(line, { x: MARGIN, y, size, font, color });
    }
    y -= after;
  };
  const lines = (text: string, font: PDFFont, size: number) => wrap(font, size, writable(font, text));

  write(lines(content.title, bold, SIZE.title), bold, SIZE.title, 6);
  for (const line of content.header) write(lines(line, regular, SIZE.text), regular, SIZE.text);
  y -= 8;
  write(lines(content.intro, regular, SIZE.text), regular, SIZE.text, 14, grey);
  for (const answer of content.answers) {
    const label = lines(answer.label, bold, SIZE.text);
    // A label stays on the page of its answer's first line.
    keep(label.length + 1, SIZE.text);
    write(label, bold, SIZE.text, 1);
    write(lines(answer.text, regular, SIZE.text), regular, SIZE.text, 10);
  }

  const pages = doc.getPages();
  pages.forEach((each, index) => {
    each.drawText(writable(regular, content.footer(index + 1, pages.length)), {
      x: MARGIN,
      y: MARGIN - SIZE.footer * 2,
      size: SIZE.footer,
      font: regular,
      color: grey,
    });
  });
  return doc.save();
}
