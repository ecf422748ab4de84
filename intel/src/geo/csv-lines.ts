/**
 * The fields of one line of the ip-location-db CSV files: comma-separated, a field with a comma
 * in double quotes, a double quote inside one doubled (RFC 4180 §2). The files have no header.
 */
export function csvFields(line: string): string[] {
  if (!line.includes('"')) return line.split(',');
  const fields: string[] = [];
  let at = 0;
  while (at <= line.length) {
    if (line[at] === '"') {
      let value = '';
      let i = at + 1;
      for (;;) {
        const quote = line.indexOf('"', i);
        if (quote === -1) throw new Error(`an unclosed quote in ${JSON.stringify(line.slice(0, 120))}`);
        value += line.slice(i, quote);
        if (line[quote + 1] === '"') {
          value += '"';
          i = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
      fields.push(value);
      at = i + 1;
    } else {
      const comma = line.indexOf(',', at);
      const end = comma === -1 ? line.length : comma;
      fields.push(line.slice(at, end));
      at = end + 1;
    }
  }
  return fields;
}

/** Each non-empty line of a text (LF or CRLF), with its 1-based number. */
export function* lines(text: string): Generator<[string, number]> {
  let at = 0;
  let number = 0;
  while (at < text.length) {
    let end = text.indexOf('\n', at);
    if (end === -1) end = text.length;
    number++;
    const line = text.charCodeAt(end - 1) === 13 ? text.slice(at, end - 1) : text.slice(at, end);
    if (line !== '') yield [line, number];
    at = end + 1;
  }
}
