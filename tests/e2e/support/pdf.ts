/**
 * Reading an exported PDF back as a person would: its text with poppler's pdftotext (real text, not a
 * picture of it), and its first page as an image with pdftoppm. Both come from Debian's poppler-utils,
 * which `npm test` installs beside Chromium.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The text of each page (pdftotext ends every page with a form feed). */
export function pdfPages(file: string): string[] {
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  return text.split('\f').slice(0, -1);
}

/** Page 1 at 50 dpi as PNG bytes. */
export function renderFirstPage(file: string): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pdf-page-'));
  try {
    execFileSync('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '1', file, path.join(dir, 'page')]);
    const [png] = readdirSync(dir);
    return readFileSync(path.join(dir, png!));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Collapses the line breaks and spacing pdftotext keeps, so wrapped sentences compare whole. */
export function flattenText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
