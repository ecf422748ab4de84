/**
 * The text of an uploaded report (PDF or HTML), for "From text to knowledge". Reports are hostile:
 * an HTML file is parsed by DOMParser into a document with no browsing context (nothing in it runs,
 * and its images, styles and frames are never fetched) and only its text is kept; a PDF is parsed by
 * pdf.js in its own worker with script evaluation off, a page cap and a time limit (./pdf-text.ts).
 * Either way the result is plain text, shown only in a textarea.
 */
import { DocumentTextError } from './document-text-error';
import { pdfText } from './pdf-text';

export { DocumentTextError };

/** Larger files are refused before they are read. */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;

export interface DocumentText {
  text: string;
  /** The text went past `maxChars` and was cut there. */
  truncated: boolean;
  kind: 'pdf' | 'html' | 'text';
}

const BLOCKS = 'p,div,br,li,tr,h1,h2,h3,h4,h5,h6,pre,blockquote,section,article,header,footer,table,dd,dt';
const NOT_TEXT = 'script,style,noscript,template,head,svg,iframe,object,embed';

/** The visible text of an HTML document, one line per block; no markup survives. */
export function htmlText(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  document.querySelectorAll(NOT_TEXT).forEach((node) => node.remove());
  document.querySelectorAll(BLOCKS).forEach((node) => node.append('\n'));
  const text = document.body?.textContent ?? '';
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((line, index, lines) => line !== '' || (index > 0 && lines[index - 1] !== ''))
    .join('\n')
    .trim();
}

function kindOf(file: File, head: Uint8Array): DocumentText['kind'] | null {
  const start = new TextDecoder().decode(head.subarray(0, 1024)).trimStart().toLowerCase();
  if (start.startsWith('%pdf-')) return 'pdf';
  if (/^(<!doctype html|<html|<head|<body|<meta|<!--)/.test(start)) return 'html';
  if (/\.(html?|xhtml)$/i.test(file.name) || file.type === 'text/html') return 'html';
  if (/\.(txt|md|csv)$/i.test(file.name) || file.type.startsWith('text/')) return 'text';
  return null;
}

function cut(text: string, maxChars: number, kind: DocumentText['kind']): DocumentText {
  return { text: text.slice(0, maxChars), truncated: text.length > maxChars, kind };
}

/** Reads a PDF, HTML or plain-text file the analyst chose; refuses anything else in plain words. */
export async function documentText(file: File, maxChars: number): Promise<DocumentText> {
  if (file.size === 0) throw new DocumentTextError(`${file.name} is empty.`);
  if (file.size > MAX_DOCUMENT_BYTES) {
    throw new DocumentTextError(
      `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; reports of at most ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB can be read.`,
    );
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = kindOf(file, bytes);
  if (kind === null) {
    throw new DocumentTextError(`${file.name} is not a PDF, HTML or text file.`);
  }
  if (kind === 'pdf') return cut(await pdfText(bytes, maxChars), maxChars, kind);
  const decoded = new TextDecoder('utf-8').decode(bytes);
  return cut(kind === 'html' ? htmlText(decoded) : decoded, maxChars, kind);
}
