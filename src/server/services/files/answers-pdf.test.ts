// The applicant's copy's layout (issue 41 item 5): long answers wrap and go on over new pages, and
// no character a free-text answer may hold stops the PDF.
import { describe, expect, it } from 'vitest';
import { pdfLines, pdfText } from '../../test/pdf-text.ts';
import { answersPdf, type AnswersPdf } from './answers-pdf.ts';

const content = (answers: AnswersPdf['answers']): AnswersPdf => ({
  title: 'Pharmacy Champions: your application',
  header: ['Reference: PC-7K3M9Q', 'Submitted: 2 November 2026'],
  intro: 'A copy of the answers you sent us.',
  answers,
  footer: (page, pages) => `PC-7K3M9Q · Page ${page} of ${pages}`,
  language: 'en-GB',
  createdAt: new Date('2026-11-02T10:00:00Z'),
});

describe('answersPdf', () => {
  it('wraps a long answer into lines and continues it on new pages, each numbered', async () => {
    const long = Array.from({ length: 900 }, (_, i) => `word${i}`).join(' ');
    const lines = await pdfLines(await answersPdf(content([{ label: 'About you', text: long }])));
    const footers = lines.filter((line) => line.startsWith('PC-7K3M9Q · Page'));
    expect(footers.length).toBeGreaterThan(1);
    expect(footers).toContain(`PC-7K3M9Q · Page ${footers.length} of ${footers.length}`);
    const answerLines = lines.slice(lines.indexOf('About you') + 1).filter((line) => !footers.includes(line));
    expect(answerLines.length).toBeGreaterThan(40);
    expect(answerLines.join(' ')).toBe(long);
    // A word longer than a line is broken, not cut off.
    const word = 'x'.repeat(400);
    expect((await pdfText(await answersPdf(content([{ label: 'Notes', text: word }])))).replace(/ /g, '')).toContain(word);
  });

  it('writes Italian and German letters as they are, and any other character as its base letter or ?', async () => {
    const text = await pdfText(
      await answersPdf(content([{ label: 'Über Sie', text: 'àèéìòù ÄÖÜäöüß € „Zitat“ «ciao» Ωmega 😀 日本 ő\ttab\u0007bell\nnext' }])),
    );
    expect(text).toContain('Über Sie àèéìòù ÄÖÜäöüß € „Zitat“ «ciao» ?mega ? ?? o tabbell next');
  });

  it('makes the same bytes from the same content', async () => {
    const answers = [{ label: 'First name', text: 'Amelia' }];
    expect(Buffer.from(await answersPdf(content(answers))).equals(Buffer.from(await answersPdf(content(answers))))).toBe(true);
  });
});
