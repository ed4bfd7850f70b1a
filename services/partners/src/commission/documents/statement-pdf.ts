import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { formatInvoiceAmount, formatIndianDate, formatMonth, type Paise } from '@portal/contracts';
import type { LedgerLine, StatementRecord } from '../domain/ports';

// DejaVu has the rupee sign; pdfkit's Helvetica has not. Parsed once, not per document.
const FONT = fontkit.create(readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')));
const FONT_BOLD = fontkit.create(readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')));
const MARGIN = 50;
const COLUMNS = [MARGIN, 125, 300, 380, 445];

const money = (paise: number) => formatInvoiceAmount(paise as Paise);

/** A partner's monthly commission statement as a PDF: who, the month, each line, and the totals. */
export function statementPdf(statement: StatementRecord, lines: LedgerLine[], sellerName: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `Commission statement ${statement.month}` } });
  doc.registerFont('body', FONT).registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc
    .font('bold')
    .fontSize(16)
    .text(`Commission statement: ${formatMonth(statement.month)}`);
  doc.font('body').fontSize(10).moveDown(0.5);
  doc.text(`Partner: ${statement.partner.legalName}`);
  doc.text(
    `PAN: ${statement.partner.pan}${statement.partner.gstin ? `   GSTIN: ${statement.partner.gstin}` : '   Not registered for GST'}`,
  );
  doc.text(`Paid by: ${sellerName}   Issued: ${formatIndianDate(statement.issuedAt)}`);
  doc.moveDown();

  const row = (cells: string[], font = 'body') => {
    const y = doc.y;
    doc.font(font);
    cells.forEach((cell, i) => doc.text(cell, COLUMNS[i], y, { width: (COLUMNS[i + 1] ?? 545) - COLUMNS[i]! - 5, lineBreak: false }));
    doc.moveDown(0.6);
  };
  row(['Date', 'Customer', 'Kind', 'Base', 'Commission'], 'bold');
  for (const line of lines) {
    row([formatIndianDate(line.at), line.customerEmail, line.kind, money(line.basePaise), money(line.commissionPaise)]);
  }
  doc.moveDown();
  const totals: [string, number][] = [
    ['Commission', statement.commissionPaise],
    ['Brought forward', statement.broughtForwardPaise],
    ['GST at 18%', statement.gstPaise],
    ['Less TDS under section 194H at 2%', -statement.tdsPaise],
    ['Payable', statement.payablePaise],
  ];
  if (statement.carriedForwardPaise !== 0) totals.push(['Carried forward to the next statement', statement.carriedForwardPaise]);
  for (const [label, paise] of totals) row(['', label, '', '', money(paise)], label === 'Payable' ? 'bold' : 'body');
  if (statement.payout) {
    doc
      .moveDown()
      .font('body')
      .text(`Paid on ${formatIndianDate(statement.payout.paidOn)}, UTR ${statement.payout.utr}.`, MARGIN);
  }
  doc.end();
  return done;
}
