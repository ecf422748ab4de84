/** The export's entry point, imported on click: it brings jsPDF with it, so the page never loads it. */
import type { BriefingDocument } from '@/features/briefing/utils/briefing-document';
import { createBriefingPdf } from './briefing-pdf';

export function downloadBriefingPdf(briefing: BriefingDocument): void {
  const blob = createBriefingPdf(briefing).output('blob');
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = briefing.filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task has run.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
