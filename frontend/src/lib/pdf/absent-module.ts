/**
 * Stands in for jsPDF's optional helpers (html2canvas, canvg, DOMPurify), which it reaches only
 * through dynamic imports for `.html()` and SVG rendering. The briefing draws with jsPDF's own vector
 * calls, so the build resolves those imports here instead of emitting about 380 KB that no page
 * fetches (and that would be one more HTML sanitiser to keep patched).
 */
export default function absentModule(): never {
  throw new Error('This PDF feature is not part of the build (jsPDF HTML and SVG rendering are unused).');
}
