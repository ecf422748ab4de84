import { describe, expect, it } from 'vitest';
import { documentText, DocumentTextError, htmlText, MAX_DOCUMENT_BYTES } from './document-text';

const file = (parts: BlobPart[], name: string, type = '') => new File(parts, name, { type });

describe('htmlText', () => {
  it('keeps the visible text, one line per block, and drops scripts, styles and markup', () => {
    const text = htmlText(
      '<html><head><title>t</title><style>p{color:red}</style></head><body>' +
        '<h1>APT  report</h1><p>C2 at <b>evil[.]example</b> and 198.51.100.7</p>' +
        '<script>alert(1)</script><img src="https://tracker.example/x.png" onerror="alert(2)">' +
        '<ul><li>hxxp://bad.example/a</li><li>CVE-2024-3400</li></ul></body></html>',
    );
    expect(text).toBe(
      'APT report\nC2 at evil[.]example and 198.51.100.7\nhxxp://bad.example/a\nCVE-2024-3400',
    );
    expect(text).not.toContain('alert');
    expect(text).not.toContain('color');
  });

  it('keeps markup written as text as text', () => {
    expect(htmlText('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe('<script>alert(1)</script>');
  });
});

describe('documentText', () => {
  it('reads an HTML file by its content, whatever its name', async () => {
    const read = await documentText(file(['<!DOCTYPE html><p>a.example</p>'], 'report.bin'), 1000);
    expect(read).toEqual({ text: 'a.example', truncated: false, kind: 'html' });
  });

  it('reads a text file as it is and cuts it at the limit, saying so', async () => {
    const read = await documentText(file(['0123456789'], 'notes.txt', 'text/plain'), 4);
    expect(read).toEqual({ text: '0123', truncated: true, kind: 'text' });
  });

  it('refuses empty, oversized and unknown files in plain words', async () => {
    await expect(documentText(file([], 'empty.pdf'), 10)).rejects.toThrow('empty.pdf is empty.');
    const huge = file([new Uint8Array(MAX_DOCUMENT_BYTES + 1)], 'huge.html', 'text/html');
    await expect(documentText(huge, 10)).rejects.toThrow(/huge.html is 20.0 MB; reports of at most 20 MB/);
    const binary = file([new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 1, 2])], 'tool.exe');
    await expect(documentText(binary, 10)).rejects.toBeInstanceOf(DocumentTextError);
    await expect(documentText(binary, 10)).rejects.toThrow('tool.exe is not a PDF, HTML or text file.');
  });
});
