/**
 * A one-page PDF holding the given lines as real text (Helvetica), written by hand so a test controls
 * every byte: the cross-reference table's offsets are computed, as the PDF 1.4 reference (§3.4)
 * requires, so pdf.js reads it without repairing it.
 */
const escapeText = (line: string) => line.replace(/[\\()]/g, (char) => `\\${char}`);

export function minimalPdf(lines: readonly string[]): Buffer {
  const shown = lines.map((line) => `(${escapeText(line)}) Tj T*`).join(' ');
  const content = `BT /F1 11 Tf 72 720 Td 16 TL ${shown} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = Buffer.byteLength(body, 'latin1');
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
