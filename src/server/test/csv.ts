// A small RFC 4180 reader for the tests (quoted cells with doubled quotes, separators and line
// breaks inside quotes, CRLF or LF between records), so a CSV answer can be read back cell by cell.
export function readCsv(text: string, separator = ','): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    record.push(cell);
    cell = '';
  };
  const endRecord = () => {
    endCell();
    records.push(record);
    record = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === separator) endCell();
    else if (c === '\n') endRecord();
    else if (c === '\r' && text[i + 1] === '\n') {
      endRecord();
      i++;
    } else cell += c;
  }
  if (cell !== '' || record.length) endRecord();
  return records;
}
