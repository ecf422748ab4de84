/**
 * The briefing as a PDF (jsPDF, loaded only when someone exports): title, period, generation time and
 * marking, the key figures, the sentences, four vector charts and two tables, with the TLP marking on a
 * black band at the top and bottom of every page. All text is real text: it can be selected and searched.
 */
import { jsPDF } from 'jspdf';
import { TLP_PRINT_COLOURS } from '@/components/intel/tlp-marking';
import type { BriefingDocument } from '@/features/briefing/utils/briefing-document';
import { chartHeight, drawBarChart } from './pdf-bars';
import {
  BANNER_HEIGHT,
  CONTENT_BOTTOM,
  CONTENT_TOP,
  CONTENT_WIDTH,
  INK,
  MARGIN,
  MUTED,
  PAGE,
  RULE,
} from './pdf-layout';
import { drawTable, tableHeight } from './pdf-table';
import { pdfText } from './pdf-text';

const GAP = 14;
const COLUMN_GAP = 24;
const FIGURE_HEIGHT = 58;

/** Draws top to bottom, starting a page when the next block does not fit. */
class Flow {
  y = CONTENT_TOP;
  constructor(readonly doc: jsPDF) {}

  need(height: number): number {
    if (this.y + height > CONTENT_BOTTOM) {
      this.doc.addPage();
      this.y = CONTENT_TOP;
    }
    const top = this.y;
    this.y += height;
    return top;
  }
}

function drawHeader(flow: Flow, briefing: BriefingDocument): void {
  const { doc } = flow;
  doc.setFont('helvetica', 'bold').setFontSize(20).setTextColor(INK);
  doc.text(pdfText(briefing.title), MARGIN, flow.need(22) + 16);
  doc.setFont('helvetica', 'normal').setFontSize(10).setTextColor(INK);
  doc.text(pdfText(briefing.period), MARGIN, flow.need(14) + 10);
  doc.setTextColor(MUTED);
  doc.text(pdfText(briefing.generated), MARGIN, flow.need(14) + 10);
  const marking = doc.setFontSize(8.5).splitTextToSize(pdfText(briefing.marking), CONTENT_WIDTH) as string[];
  doc.text(marking, MARGIN, flow.need(marking.length * 11) + 9);
  doc
    .setDrawColor(RULE)
    .setLineWidth(0.5)
    .line(MARGIN, flow.y + 4, MARGIN + CONTENT_WIDTH, flow.y + 4);
  flow.y += GAP;
}

function drawFigures(flow: Flow, briefing: BriefingDocument): void {
  const { doc } = flow;
  const count = briefing.figures.length;
  const width = (CONTENT_WIDTH - (count - 1) * 10) / count;
  const top = flow.need(FIGURE_HEIGHT);
  briefing.figures.forEach((figure, index) => {
    const x = MARGIN + index * (width + 10);
    doc
      .setDrawColor(RULE)
      .setLineWidth(0.5)
      .rect(x, top, width, FIGURE_HEIGHT - 6);
    doc.setFont('helvetica', 'normal').setFontSize(8).setTextColor(MUTED);
    doc.text(pdfText(figure.label), x + 6, top + 11);
    doc.setFont('helvetica', 'bold').setFontSize(16).setTextColor(INK);
    doc.text(pdfText(figure.value), x + 6, top + 29);
    doc.setFont('helvetica', 'normal').setFontSize(7).setTextColor(MUTED);
    doc.text(
      (doc.splitTextToSize(pdfText(figure.trend), width - 12) as string[]).slice(0, 2),
      x + 6,
      top + 38,
    );
  });
  flow.y += GAP - 6;
}

function drawSentences(flow: Flow, briefing: BriefingDocument): void {
  const { doc } = flow;
  doc.setFont('helvetica', 'bold').setFontSize(12).setTextColor(INK);
  doc.text('Summary', MARGIN, flow.need(16) + 11);
  doc.setFont('helvetica', 'normal').setFontSize(9.5);
  for (const sentence of briefing.sentences) {
    const lines = doc.splitTextToSize(pdfText(sentence), CONTENT_WIDTH - 12) as string[];
    const top = flow.need(lines.length * 12 + 3);
    doc.text('•', MARGIN, top + 9);
    doc.text(lines, MARGIN + 12, top + 9, { lineHeightFactor: 1.25 });
  }
  flow.y += GAP - 4;
}

function drawCharts(flow: Flow, briefing: BriefingDocument): void {
  const width = (CONTENT_WIDTH - COLUMN_GAP) / 2;
  for (let index = 0; index < briefing.charts.length; index += 2) {
    const pair = briefing.charts.slice(index, index + 2);
    const top = flow.need(Math.max(...pair.map(chartHeight)));
    pair.forEach((chart, column) =>
      drawBarChart(flow.doc, chart, MARGIN + column * (width + COLUMN_GAP), top, width),
    );
    flow.y += GAP - 4;
  }
}

function drawTables(flow: Flow, briefing: BriefingDocument): void {
  for (const table of briefing.tables) {
    drawTable(flow.doc, table, MARGIN, flow.need(tableHeight(table)), CONTENT_WIDTH);
    flow.y += GAP - 6;
  }
}

/** The marking on every page, top and bottom, and the footer with the page number. */
function drawMarkings(doc: jsPDF, briefing: BriefingDocument): void {
  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    for (const top of [0, PAGE.height - BANNER_HEIGHT]) {
      doc.setFillColor('#000000').rect(0, top, PAGE.width, BANNER_HEIGHT, 'F');
      doc.setFont('helvetica', 'bold').setFontSize(11).setTextColor(TLP_PRINT_COLOURS[briefing.tlp]);
      doc.text(briefing.tlpLabel, PAGE.width - MARGIN, top + 15, { align: 'right' });
    }
    doc.setFont('helvetica', 'normal').setFontSize(7).setTextColor(MUTED);
    const footer = doc.splitTextToSize(pdfText(briefing.footer), CONTENT_WIDTH - 70) as string[];
    doc.text(footer, MARGIN, PAGE.height - BANNER_HEIGHT - 18);
    doc.text(`Page ${page} of ${pages}`, PAGE.width - MARGIN, PAGE.height - BANNER_HEIGHT - 18, {
      align: 'right',
    });
  }
}

/** `compress: false` leaves the page streams readable (tests look for the marking in them). */
export function createBriefingPdf(briefing: BriefingDocument, { compress = true } = {}): jsPDF {
  const doc = new jsPDF({ unit: 'pt', format: 'a4', orientation: 'portrait', compress });
  doc.setProperties({
    title: pdfText(`${briefing.title} (${briefing.tlpLabel})`),
    subject: pdfText(briefing.period),
    creator: 'CTI platform',
  });
  const flow = new Flow(doc);
  drawHeader(flow, briefing);
  drawFigures(flow, briefing);
  drawSentences(flow, briefing);
  drawCharts(flow, briefing);
  drawTables(flow, briefing);
  drawMarkings(doc, briefing);
  return doc;
}
