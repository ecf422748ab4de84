/**
 * Text the PDF's standard fonts can show. Helvetica in a PDF has the WinAnsi character set only
 * (embedding a Unicode font would add hundreds of kilobytes): accents outside it lose their marks,
 * anything else becomes "?", so hostile or foreign names never break the document.
 */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function representable(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char);
}

export function pdfText(text: string): string {
  let out = '';
  for (const char of text.replace(/[\r\n\t]+/g, ' ')) {
    if (representable(char)) {
      out += char;
      continue;
    }
    const bare = char.normalize('NFKD').replace(/\p{M}/gu, '');
    out += bare !== '' && [...bare].every(representable) ? bare : '?';
  }
  return out;
}
