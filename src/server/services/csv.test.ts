// The CSV record writer: RFC 4180 quoting with ';' and CRLF, and no cell that a spreadsheet would
// run as a formula.
import { describe, expect, it } from 'vitest';
import { readCsv } from '../test/csv.ts';
import { csvRecord } from './csv.ts';

describe('csvRecord', () => {
  it('joins plain cells with ";" and ends the record with CRLF, empty cells left empty', () => {
    expect(csvRecord(['a', '', 'Città', 'ß ü 😀'])).toBe('a;;Città;ß ü 😀\r\n');
  });

  it('quotes cells holding a quote, ";", CR or LF, and doubles their quotes', () => {
    expect(csvRecord(['a"b', 'x;y', 'one\ntwo', 'one\r\ntwo', 'end\r', 'plain'])).toBe('"a""b";"x;y";"one\ntwo";"one\r\ntwo";"end\r";plain\r\n');
  });

  it('puts an apostrophe before cells starting with = + - @ tab or CR, and their full-width forms', () => {
    const starts = ['=1+1', '+39', '-5', '@SUM(A1)', '\tx', '\rx', '＝1', '＋1', '－1', '＠x'];
    expect(csvRecord(starts)).toBe(`'=1+1;'+39;'-5;'@SUM(A1);'\tx;"'\rx";'＝1;'＋1;'－1;'＠x\r\n`);
    expect(csvRecord(['=HYPERLINK("http://evil.example","clic")'])).toBe(`"'=HYPERLINK(""http://evil.example"",""clic"")"\r\n`);
    expect(csvRecord(['x=1', 'a-b', "'already"])).toBe("x=1;a-b;'already\r\n");
  });

  it('round-trips through a CSV reader to the same cells (formula cells keep their apostrophe)', () => {
    const cells = ['Farmacia “Più” Città; Sant’Agnese', 'Farmacia "Virgolette"\nA capo', 'Via Àèìòù 1;\r\nPiano 2', '', 'ok'];
    const records = [cells, ['=HYPERLINK("x")', '-1', 'z', '', '']];
    const [first, second] = readCsv(records.map(csvRecord).join(''), ';');
    expect(first).toEqual(cells);
    expect(second).toEqual([`'=HYPERLINK("x")`, "'-1", 'z', '', '']);
  });
});
