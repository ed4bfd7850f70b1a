import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import {
  asPaise,
  discountLabel,
  formatIndianDate,
  formatInvoiceAmount,
  paiseLeft,
  proformaReference,
  taxYearEnds,
  taxYearsLabel,
  type DiscountSource,
  type Paise,
} from '@portal/contracts';
import { rupeesInWords } from '../domain/amount-in-words';
import type { CreditNoteRecord, InvoiceDiscount, InvoiceRecord, ProformaRecord } from '../domain/ports';
import { rememberingFont } from './remembering-font';

/** What a credit note past Section 34(2)'s time limit says of itself. */
export const FINANCIAL_CREDIT_NOTE =
  'Financial credit note: issued after the time limit of Section 34(2) of the CGST Act, 2017 (30 November after the end of the financial year of the supply), so it reduces no GST and is not reported in GSTR-1.';

/** What a pro-forma says of itself: it asks for a payment, and the tax invoice follows it. */
export const PROFORMA_NOTICE = 'This is a pro-forma invoice, not a tax invoice. The tax invoice is issued when the payment is received.';

/** An invoice, a credit note or a pro-forma: the same parties and tax lines, told apart by their own fields. */
export type TaxDocument = InvoiceRecord | CreditNoteRecord | ProformaRecord;
const isCreditNote = (document: TaxDocument): document is CreditNoteRecord => 'merchantRefundId' in document;
const isProforma = (document: TaxDocument): document is ProformaRecord => 'validUntil' in document;

// DejaVu has the rupee sign (U+20B9); pdfkit's built-in Helvetica has not. pdfkit embeds only the
// glyphs used, so an invoice stays near 20 kB.
// Parsed once: given the bytes, pdfkit parses the 750 kB font again for each document, which made
// a receipt's invoice cost 46 ms of billing's event loop instead of 13.
const FONT = rememberingFont(fontkit.create(readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'))));
const FONT_BOLD = rememberingFont(fontkit.create(readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'))));

const MARGIN = 50;
const A4_WIDTH = 595.28;
const CONTENT = A4_WIDTH - 2 * MARGIN;

const title = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** What the invoice sells (the plan, how it is billed, the dates of service), or what the credit note gives back. */
export function invoiceDescription(document: TaxDocument): string {
  const years = 'taxYears' in document && document.taxYears?.length ? document.taxYears : null;
  const billed = years ? lowerFirst(taxYearsLabel(years)) : document.billingPeriod === 'annual' ? 'annual' : 'monthly';
  const plan = `Tax Practitioner Portal subscription: ${title(document.plan)} plan (${billed})`;
  if (isCreditNote(document) && document.kind === 'plan-change')
    return `Unused value of ${plan}, credited on a change of plan. ${document.reason}`;
  if (isCreditNote(document)) return `Refund of ${plan}. Reason: ${document.reason}`;
  const service = isProforma(document) ? `${plan}, ${proformaService(document, years)}` : `${plan}, ${serviceDates(document, years)}`;
  if (!isProforma(document) && document.pcs) return packLine(document, document.pcs, plan);
  const seats = document.seats ?? 1;
  if (seats === 1) return service;
  // the rate per seat when the total divides into seats exactly (an upgrade its credit pays may not)
  const price = document.discount?.listPricePaise ?? document.totalPaise;
  const rate = price % seats === 0 ? ` at ${formatInvoiceAmount(asPaise(price / seats))} per seat` : '';
  return `${service}. Quantity: ${seats} seats${rate}`;
}

/** A pack of extra PCs: its own line, naming the plan they are added to, the days they run and how many. */
function packLine(invoice: InvoiceRecord, pcs: number, plan: string): string {
  const price = invoice.discount?.listPricePaise ?? invoice.totalPaise;
  const rate = price % pcs === 0 ? ` at ${formatInvoiceAmount(asPaise(price / pcs))} per PC` : '';
  return `Extra PCs for ${plan}, ${serviceDates(invoice, null)}. Quantity: ${pcs} ${pcs === 1 ? 'PC' : 'PCs'}${rate}`;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The dates an invoice's service runs; a tax-year term's begins on 1 April when it follows a 31 March end. */
function serviceDates(invoice: InvoiceRecord, years: number[] | null): string {
  const from = years ? new Date(invoice.periodFrom.getTime() + 1) : invoice.periodFrom;
  return `service from ${formatIndianDate(from)} to ${formatIndianDate(invoice.periodTo)}`;
}

/** What a pro-forma's service will be, from the day its payment is received. */
function proformaService(proforma: ProformaRecord, years: number[] | null): string {
  const last = years?.at(-1);
  if (last !== undefined) return `service from the day the payment is received to ${formatIndianDate(taxYearEnds(last))}`;
  return `service for one ${proforma.billingPeriod === 'annual' ? 'year' : 'month'} from the day the payment is received`;
}

/** A document's discount as its source; one issued before referral credits and codes for several periods is a code's, once. */
const discountSource = (discount: InvoiceDiscount): DiscountSource =>
  discount.kind === 'referral-credit'
    ? { kind: 'referral-credit', code: null, period: null }
    : { kind: 'code', code: discount.code, period: discount.period ?? null };

/** The figure rows under the description: the taxable value, each tax charged, the total. */
export function invoiceFigures(invoice: TaxDocument): [string, string][] {
  if (isCreditNote(invoice) && invoice.financial) return [['Total credited (no GST)', formatInvoiceAmount(invoice.totalPaise)]];
  const half = invoice.ratePercent / 2;
  const taxes: [string, string][] = invoice.igstPaise
    ? [[`IGST @ ${invoice.ratePercent}%`, formatInvoiceAmount(invoice.igstPaise)]]
    : [
        [`CGST @ ${half}%`, formatInvoiceAmount(invoice.cgstPaise)],
        [`SGST/UTGST @ ${half}%`, formatInvoiceAmount(invoice.sgstPaise)],
      ];
  const total = isCreditNote(invoice) ? 'Total credited (tax included)' : 'Total (tax included)';
  const discount = isCreditNote(invoice) ? undefined : invoice.discount;
  const figures: [string, string][] = [
    ...(discount
      ? ([
          ['Price before discount (taxable value)', formatInvoiceAmount(discount.listTaxablePaise)],
          [`Less ${lowerFirst(discountLabel(discountSource(discount)))}`, `-${formatInvoiceAmount(discount.discountPaise)}`],
        ] as [string, string][])
      : []),
    ['Taxable value', formatInvoiceAmount(invoice.taxablePaise)],
    ...taxes,
    [total, formatInvoiceAmount(invoice.totalPaise)],
  ];
  if (isProforma(invoice)) return invoice.tds ? [...figures, ...tdsFigures(invoice.tds, invoice.totalPaise)] : figures;
  if (isCreditNote(invoice) || !invoice.creditAppliedPaise) return figures;
  return [
    ...figures,
    [`Less credit notes ${(invoice.creditNoteNumbers ?? []).join(', ')}`, `-${formatInvoiceAmount(invoice.creditAppliedPaise)}`],
    ['Total paid', formatInvoiceAmount(paiseLeft(invoice.totalPaise, invoice.creditAppliedPaise))],
  ];
}

/** The buyer's TDS (section 194J), taken off what they transfer but not off the invoice's value. */
function tdsFigures(tds: { ratePercent: number; paise: Paise }, totalPaise: Paise): [string, string][] {
  return [
    [`Less TDS under section 194J @ ${tds.ratePercent}% of the taxable value, deducted by the buyer`, `-${formatInvoiceAmount(tds.paise)}`],
    ['Total to transfer', formatInvoiceAmount(paiseLeft(totalPaise, tds.paise))],
  ];
}

/** How the document was or is to be paid: PhonePe, or a bank transfer against a pro-forma, with the buyer's TDS. */
function paymentLines(document: TaxDocument): string[] {
  if (isProforma(document)) {
    const { bank } = document;
    return [
      `Pay by NEFT, RTGS or IMPS to ${bank.accountName}, ${bank.bankName}, account ${bank.accountNumber}, IFSC ${bank.ifsc}.`,
      `Quote the reference ${proformaReference(document.number)} in the transfer's remarks.`,
      `The price holds until ${formatIndianDate(document.validUntil)}.`,
      PROFORMA_NOTICE,
    ];
  }
  if (isCreditNote(document)) {
    return [
      document.kind === 'plan-change'
        ? `Credited against invoice ${document.invoiceNumber}; no money is refunded.`
        : document.bankUtr
          ? `Paid back by bank transfer, UTR ${document.bankUtr}.`
          : `Refunded through PhonePe. PhonePe refund id: ${document.phonepeRefundId ?? 'not reported'}`,
    ];
  }
  const transfer = document.bankTransfer;
  if (!transfer) return [`Paid through PhonePe. PhonePe transaction id: ${document.phonePeTransactionId ?? 'not reported'}`];
  return [
    `Paid by bank transfer${transfer.proformaNumber ? ` against pro-forma ${transfer.proformaNumber}` : ''}.`,
    ...(transfer.tds
      ? [
          `TDS of ${formatInvoiceAmount(transfer.tds.paise)} (${transfer.tds.ratePercent}% of the taxable value) deducted by the buyer under section 194J is receivable against their Form 16A.`,
        ]
      : []),
  ];
}

/**
 * A4 tax invoice with every field CGST Rule 46 asks of a supply of services, a credit note
 * (Rule 53) citing the invoice it reduces, or a pro-forma asking for a bank transfer.
 */
export function renderTaxDocumentPdf(invoice: TaxDocument): Promise<Buffer> {
  const creditNote = isCreditNote(invoice);
  const proforma = isProforma(invoice);
  const kind = creditNote ? 'Credit Note' : proforma ? 'Pro-forma Invoice' : 'Tax Invoice';
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${kind} ${invoice.number}`, Author: invoice.seller.legalName },
    // no default font: pdfkit would read its Helvetica's metrics for each document, and none uses it
    font: '',
  });
  doc.registerFont('body', FONT).registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  if (invoice.seller.demo) {
    doc
      .font('bold')
      .fontSize(10)
      .fillColor('#b3261e')
      .text(`DEMO: the seller below is a placeholder, so this is not a valid ${kind.toLowerCase()}. Set the SELLER_* settings.`, {
        width: CONTENT,
      })
      .fillColor('black')
      .moveDown();
  }
  doc.font('bold').fontSize(18).text(kind);
  doc
    .font('body')
    .fontSize(9)
    .fillColor('#555')
    .text(proforma ? 'Not a tax invoice' : 'Original for recipient')
    .fillColor('black')
    .moveDown();

  const top = doc.y;
  block(
    doc,
    'Seller',
    [
      invoice.seller.legalName,
      invoice.seller.address,
      `GSTIN: ${invoice.seller.gstin}`,
      `State: ${invoice.seller.stateName} (code ${invoice.seller.stateCode})`,
    ],
    MARGIN,
    top,
  );
  const left = doc.y;
  block(
    doc,
    kind,
    [
      ...(creditNote
        ? [
            `Credit note number: ${invoice.number}`,
            `Credit note date: ${formatIndianDate(invoice.issuedAt)}`,
            `Against invoice: ${invoice.invoiceNumber} dated ${keepTogether(formatIndianDate(invoice.invoiceDate))}`,
          ]
        : proforma
          ? [
              `Pro-forma number: ${invoice.number}`,
              `Date: ${formatIndianDate(invoice.issuedAt)}`,
              `Valid until: ${formatIndianDate(invoice.validUntil)}`,
              `Payment reference: ${proformaReference(invoice.number)}`,
            ]
          : [`Invoice number: ${invoice.number}`, `Invoice date: ${formatIndianDate(invoice.issuedAt)}`]),
      `Place of supply: ${invoice.placeOfSupply.name} (code ${invoice.placeOfSupply.code})`,
      `SAC: ${invoice.sac}`,
    ],
    MARGIN + CONTENT / 2,
    top,
  );
  doc.y = Math.max(left, doc.y) + 12;

  const buyer = invoice.buyer;
  block(
    doc,
    'Bill to',
    [
      buyer.name,
      ...(buyer.address ? [buyer.address] : []),
      ...(buyer.stateName ? [`State: ${buyer.stateName} (code ${buyer.stateCode})`] : []),
      buyer.gstin ? `GSTIN: ${buyer.gstin}` : 'GSTIN: unregistered',
      buyer.email,
    ],
    MARGIN,
    doc.y,
  );
  doc.moveDown();

  doc.font('bold').fontSize(10).text('Description of service', MARGIN, doc.y, { width: CONTENT });
  doc.font('body').text(invoiceDescription(invoice), { width: CONTENT }).moveDown(0.5);
  for (const [label, amount] of invoiceFigures(invoice)) {
    const y = doc.y;
    const font = label.startsWith('Total') ? 'bold' : 'body';
    doc.font(font).text(label, MARGIN, y, { width: CONTENT * 0.6 });
    doc.font(font).text(amount, MARGIN + CONTENT * 0.6, y, { width: CONTENT * 0.4, align: 'right' });
    doc.moveDown(0.2);
  }
  doc.moveDown(0.5);
  doc
    .font('body')
    .text(`Amount in words: ${rupeesInWords(invoice.totalPaise)}`, MARGIN, doc.y, { width: CONTENT })
    .moveDown();

  for (const line of paymentLines(invoice)) doc.text(line, { width: CONTENT });
  doc.text(`Order id: ${invoice.merchantOrderId}`, { width: CONTENT }).moveDown();
  if (creditNote && invoice.financial) doc.text(FINANCIAL_CREDIT_NOTE, { width: CONTENT }).moveDown();
  doc.text('Tax is not payable on reverse charge basis.', { width: CONTENT }).moveDown(2);
  doc.text(`For ${invoice.seller.legalName}`, { width: CONTENT, align: 'right' });
  doc.text('Authorised signatory', { width: CONTENT, align: 'right' });
  doc.end();
  return done;
}

/** A date or a name whose words stay on one line: no-break spaces between them. */
const keepTogether = (text: string) => text.replace(/ /g, '\u00a0');

const BLOCK_SIZE = 10;
const BLOCK_WIDTH = CONTENT / 2 - 10;

function block(doc: PDFKit.PDFDocument, heading: string, lines: string[], x: number, y: number) {
  doc.font('bold').fontSize(BLOCK_SIZE).text(heading, x, y, { width: BLOCK_WIDTH });
  doc.font('body');
  for (const line of lines) blockLine(doc, line, x);
}

/**
 * A block's line breaks only between words. A word wider than the column (a long e-mail address
 * or document number), which PDFKit would cut anywhere, sets the line in smaller type instead.
 */
function blockLine(doc: PDFKit.PDFDocument, line: string, x: number) {
  doc.fontSize(BLOCK_SIZE);
  const widest = Math.max(...line.split(' ').map((word) => doc.widthOfString(word)));
  const size = widest > BLOCK_WIDTH ? Math.floor(((BLOCK_SIZE * BLOCK_WIDTH) / widest) * 10) / 10 : BLOCK_SIZE;
  doc.fontSize(size).text(line, x, doc.y, { width: BLOCK_WIDTH });
  doc.fontSize(BLOCK_SIZE);
}
