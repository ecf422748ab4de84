/**
 * The text of a PDF, read by pdf.js (a maintained parser) in its own worker so a hostile or huge
 * file cannot freeze the page. Script evaluation is off (pdf.js's `isEvalSupported`, the switch
 * behind CVE-2024-4367), fonts are not installed, XFA forms are not rendered, and reading stops at
 * MAX_PDF_PAGES pages, at the caller's character budget, or after PDF_TIME_LIMIT_MS. pdf.js and its
 * worker are loaded only when a PDF is chosen, so they cost the rest of the app nothing.
 */
import { DocumentTextError } from './document-text-error';

export const MAX_PDF_PAGES = 500;
export const PDF_TIME_LIMIT_MS = 30_000;

interface TextPiece {
  str?: string;
  hasEOL?: boolean;
}

function pageText(items: readonly TextPiece[]): string {
  return items.map((item) => (item.str ?? '') + (item.hasEOL ? '\n' : ' ')).join('');
}

export async function pdfText(bytes: Uint8Array, maxChars: number): Promise<string> {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  const task = pdfjs.getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    enableXfa: false,
    stopAtErrors: false,
  });
  const timer = setTimeout(() => void task.destroy(), PDF_TIME_LIMIT_MS);
  try {
    const pdf = await task.promise;
    const pages = Math.min(pdf.numPages, MAX_PDF_PAGES);
    let text = '';
    for (let number = 1; number <= pages && text.length <= maxChars; number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      text += `${pageText(content.items as TextPiece[]).trim()}\n\n`;
      page.cleanup();
    }
    return text.trim();
  } catch (error) {
    if (task.destroyed) {
      throw new DocumentTextError(
        `The PDF took longer than ${PDF_TIME_LIMIT_MS / 1000} s to read and was given up.`,
      );
    }
    throw new DocumentTextError(
      `The PDF could not be read: ${(error as Error).message || 'it is damaged or encrypted'}.`,
    );
  } finally {
    clearTimeout(timer);
    void task.destroy();
  }
}
