/** A small table in the PDF: a bold header over a rule, one line per row, long cells cut with "…". */
import type { jsPDF } from 'jspdf';
import type { BriefingTable } from '@/features/briefing/utils/briefing-document';
import { INK, MUTED, RULE } from './pdf-layout';
import { pdfText } from './pdf-text';

const ROW = 13;
/** Shares of the width per column (CVE, vulnerability, added, due, assets). */
const SHARES = [0.15, 0.38, 0.12, 0.12, 0.23];

export function tableHeight(table: BriefingTable): number {
  return 16 + (table.rows.length === 0 ? 14 : ROW * (table.rows.length + 1)) + (table.more > 0 ? ROW : 0);
}

function cut(doc: jsPDF, text: string, width: number): string {
  let fit = pdfText(text);
  if (doc.getTextWidth(fit) <= width) return fit;
  while (fit.length > 1 && doc.getTextWidth(`${fit}…`) > width) fit = fit.slice(0, -1);
  return `${fit}…`;
}

export function drawTable(doc: jsPDF, table: BriefingTable, x: number, y: number, width: number): void {
  doc.setFont('helvetica', 'bold').setFontSize(10).setTextColor(INK);
  doc.text(pdfText(table.title), x, y + 9);
  let rowTop = y + 16;
  if (table.rows.length === 0) {
    doc.setFont('helvetica', 'italic').setFontSize(9).setTextColor(MUTED);
    doc.text(pdfText(table.empty), x, rowTop + 9);
    return;
  }
  const widths = SHARES.map((share) => share * width);
  const drawRow = (cells: readonly string[], bold: boolean) => {
    doc
      .setFont('helvetica', bold ? 'bold' : 'normal')
      .setFontSize(8)
      .setTextColor(INK);
    let cellX = x;
    cells.forEach((cell, index) => {
      doc.text(cut(doc, cell, widths[index]! - 6), cellX, rowTop + 9);
      cellX += widths[index]!;
    });
    rowTop += ROW;
  };
  drawRow(table.columns, true);
  doc
    .setDrawColor(RULE)
    .setLineWidth(0.5)
    .line(x, rowTop - 2, x + width, rowTop - 2);
  for (const row of table.rows) drawRow(row, false);
  if (table.more > 0) {
    doc.setFont('helvetica', 'italic').setFontSize(8).setTextColor(MUTED);
    doc.text(`and ${table.more.toLocaleString('en')} more (External Assets lists them all)`, x, rowTop + 9);
  }
}
