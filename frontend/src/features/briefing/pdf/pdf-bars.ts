/** A bar chart drawn with the PDF's vector primitives: crisp at any zoom, its labels real text. */
import type { jsPDF } from 'jspdf';
import { chartIsEmpty, type BriefingChart } from '@/features/briefing/utils/briefing-charts';
import { CURRENT_BAR, INK, MUTED, PREVIOUS_BAR } from './pdf-layout';
import { pdfText } from './pdf-text';

const TITLE_GAP = 16;
const ROW = 18;
const LABEL_WIDTH = 92;
const VALUE_WIDTH = 34;

const NOTE_ROW = 9;

/** "TA505: moderate confidence: 3 indicators from TA505's reports", one line each. */
const notes = (chart: BriefingChart) =>
  chartIsEmpty(chart) ? [] : chart.bars.filter((bar) => bar.note).map((bar) => `${bar.label}: ${bar.note}`);

export function chartHeight(chart: BriefingChart): number {
  const noteHeight = notes(chart).length > 0 ? 4 + notes(chart).length * NOTE_ROW : 0;
  return TITLE_GAP + Math.max(1, chart.bars.length) * ROW + (chart.legend ? 14 : 0) + noteHeight;
}

function fitted(doc: jsPDF, text: string, width: number): string {
  let fit = pdfText(text);
  while (fit.length > 1 && doc.getTextWidth(fit) > width) fit = fit.slice(0, -2) + '…';
  return fit;
}

export function drawBarChart(doc: jsPDF, chart: BriefingChart, x: number, y: number, width: number): void {
  doc.setFont('helvetica', 'bold').setFontSize(10).setTextColor(INK);
  doc.text(pdfText(chart.title), x, y + 9);
  const top = y + TITLE_GAP;
  if (chartIsEmpty(chart)) {
    doc.setFont('helvetica', 'italic').setFontSize(9).setTextColor(MUTED);
    doc.text(doc.splitTextToSize(pdfText(chart.empty), width) as string[], x, top + 11);
    return;
  }
  const max = Math.max(1, ...chart.bars.flatMap((bar) => [bar.value, bar.previous ?? 0]));
  const barArea = width - LABEL_WIDTH - VALUE_WIDTH;
  const paired = chart.bars.some((bar) => bar.previous !== undefined);
  chart.bars.forEach((bar, index) => {
    const rowTop = top + index * ROW;
    doc.setFont('helvetica', 'normal').setFontSize(8.5).setTextColor(INK);
    doc.text(fitted(doc, bar.label, LABEL_WIDTH - 6), x + LABEL_WIDTH - 6, rowTop + 10, { align: 'right' });
    const series = paired
      ? [
          { value: bar.value, colour: CURRENT_BAR, top: rowTop + 2, height: 6.5 },
          { value: bar.previous ?? 0, colour: PREVIOUS_BAR, top: rowTop + 9, height: 6.5 },
        ]
      : [{ value: bar.value, colour: CURRENT_BAR, top: rowTop + 3, height: 11 }];
    for (const item of series) {
      const length = Math.max(item.value > 0 ? 1 : 0, (item.value / max) * barArea);
      doc.setFillColor(item.colour);
      if (length > 0) doc.rect(x + LABEL_WIDTH, item.top, length, item.height, 'F');
      doc.setFontSize(7.5).setTextColor(item.colour === CURRENT_BAR ? INK : MUTED);
      doc.text(item.value.toLocaleString('en'), x + LABEL_WIDTH + length + 3, item.top + item.height - 1);
    }
  });
  const noteTop = top + chart.bars.length * ROW + 4;
  doc.setFont('helvetica', 'normal').setFontSize(7).setTextColor(MUTED);
  notes(chart).forEach((note, index) =>
    doc.text(fitted(doc, note, width), x, noteTop + 6 + index * NOTE_ROW),
  );
  if (chart.legend) {
    const legendTop = top + chart.bars.length * ROW + 4;
    let legendX = x + LABEL_WIDTH;
    doc.setFont('helvetica', 'normal').setFontSize(7.5).setTextColor(MUTED);
    chart.legend.forEach((name, index) => {
      doc.setFillColor(index === 0 ? CURRENT_BAR : PREVIOUS_BAR).rect(legendX, legendTop, 7, 7, 'F');
      doc.text(pdfText(name), legendX + 10, legendTop + 6.5);
      legendX += 14 + doc.getTextWidth(pdfText(name)) + 12;
    });
  }
}
