/**
 * A report's summary as a reader sees it. Feeds (RSS/Atom, issue 30 §3) send their summaries as the
 * publisher's HTML, stored raw; here it is parsed by DOMParser into a document that has no browsing
 * context (no script runs, no image or frame loads), and only its text is kept, with line breaks
 * where blocks end. The result is shown through InertText like any other CTI text: never as HTML.
 */
const BLOCKS = 'p, div, li, tr, h1, h2, h3, h4, h5, h6, blockquote, pre, section, article, header, footer';

export function summaryText(description: string): string {
  // Plain text (a CVE description, an analyst's note) is left exactly as written.
  if (!/<\/?[a-z][^>]*>/i.test(description)) return description;
  const doc = new DOMParser().parseFromString(description, 'text/html');
  doc.querySelectorAll('script, style, noscript, template, iframe, object').forEach((node) => node.remove());
  doc.querySelectorAll('br').forEach((node) => node.replaceWith('\n'));
  doc.querySelectorAll(BLOCKS).forEach((node) => node.append('\n'));
  return (doc.body.textContent ?? '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
