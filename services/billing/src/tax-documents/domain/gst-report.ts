import { asPaise, rupeesOf } from '@portal/contracts';
import type { GstReportSection } from '@portal/contracts';
import type { CsvNumber } from '@portal/platform';
import { GSTR1_PLACES_OF_SUPPLY } from './gstr1-places';
import type { CreditNoteRecord, InvoiceRecord } from './ports';

/**
 * GSTR-1's sections as the GST offline tool imports them: each file in its template's columns,
 * exactly (docs/decisions/0015 names the source), dates as 23-Nov-2026 and places of supply as the
 * tool's list spells them. The tax amounts, which the templates do not take, are in the summary
 * file beside them. Pure: the caller picks the month's documents.
 */
type Cell = string | number | CsvNumber;
export type Cells = Cell[];
type TaxDocument = InvoiceRecord | CreditNoteRecord;

/** Rate, value and the taxes, as Table 12's template and the summary both end. */
const TAX_COLUMNS = ['Rate', 'Taxable Value', 'Integrated Tax Amount', 'Central Tax Amount', 'State/UT Tax Amount', 'Cess Amount'];
const HSN_COLUMNS = ['HSN', 'Description', 'UQC', 'Total Quantity', 'Total Value', ...TAX_COLUMNS];

export const GST_REPORT_COLUMNS: Record<GstReportSection, string[]> = {
  b2b: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Reverse Charge',
    'Applicable % of Tax Rate',
    'Invoice Type',
    'E-Commerce GSTIN',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  b2cl: [
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  b2cs: ['Type', 'Place Of Supply', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN'],
  cdnr: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Reverse Charge',
    'Note Supply Type',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  cdnur: [
    'UR Type',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  hsn: HSN_COLUMNS,
  hsn_b2b: HSN_COLUMNS,
  hsn_b2c: HSN_COLUMNS,
  docs: ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
  summary: ['Section', 'Document Number', 'Place Of Supply', ...TAX_COLUMNS],
};

/** Above this, an inter-state invoice to an unregistered buyer is B2C large (B2CL), not B2C small. */
export const B2CL_LIMIT_PAISE = 1_00_000_00;
/** A service has no unit: the tool's UQC for it (with a quantity of 0). */
const SERVICE_UQC = 'NA-NOT APPLICABLE';
const NO_CESS: CsvNumber = { csvNumber: '0.00' };

// a report's sums and a credit note's reductions (negative) are whole paise too
const rupees = (paise: number): CsvNumber => ({ csvNumber: rupeesOf(asPaise(paise)).toFixed(2) });
const gstDate = (instant: Date) => {
  const [day, month, year] = instant
    .toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' })
    .split(' ');
  return `${day}-${month}-${year}`;
};
const supply = ({ placeOfSupply }: Pick<InvoiceRecord, 'placeOfSupply'>) =>
  GSTR1_PLACES_OF_SUPPLY[placeOfSupply.code] ?? `${placeOfSupply.code}-${placeOfSupply.name}`;
const interState = (document: Pick<InvoiceRecord, 'placeOfSupply' | 'seller'>) => document.placeOfSupply.code !== document.seller.stateCode;
const isB2cLarge = (document: Pick<InvoiceRecord, 'placeOfSupply' | 'seller' | 'buyer'>, invoiceTotalPaise: number) =>
  !document.buyer.gstin && interState(document) && invoiceTotalPaise > B2CL_LIMIT_PAISE;
const isCreditNote = (document: TaxDocument): document is CreditNoteRecord => 'merchantRefundId' in document;
const isB2cLargeInvoice = (invoice: InvoiceRecord) => isB2cLarge(invoice, invoice.totalPaise);
/** What the tool files under B2C small: unregistered buyers, except large inter-state invoices. */
const isB2cSmall = (document: TaxDocument) =>
  !document.buyer.gstin && !isB2cLarge(document, isCreditNote(document) ? document.invoiceTotalPaise : document.totalPaise);

/** Sums of a group of documents, credit notes subtracted. */
interface Totals {
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
  total: number;
}
function totalsBy<K extends string>(
  documents: TaxDocument[],
  keyOf: (document: TaxDocument) => K,
): Map<K, Totals & { first: TaxDocument }> {
  const groups = new Map<K, Totals & { first: TaxDocument }>();
  for (const document of documents) {
    const sign = isCreditNote(document) ? -1 : 1;
    const key = keyOf(document);
    const group = groups.get(key) ?? { first: document, taxable: 0, igst: 0, cgst: 0, sgst: 0, total: 0 };
    group.taxable += sign * document.taxablePaise;
    group.igst += sign * document.igstPaise;
    group.cgst += sign * document.cgstPaise;
    group.sgst += sign * document.sgstPaise;
    group.total += sign * document.totalPaise;
    groups.set(key, group);
  }
  return groups;
}

const taxCells = (figures: { igstPaise: number; cgstPaise: number; sgstPaise: number }): Cells => [
  rupees(figures.igstPaise),
  rupees(figures.cgstPaise),
  rupees(figures.sgstPaise),
  NO_CESS,
];

export function gstReport(section: GstReportSection, invoices: InvoiceRecord[], issuedNotes: CreditNoteRecord[]): Cells[] {
  // a financial credit note (past Section 34(2)'s time limit) reduces no tax: no section files it
  const creditNotes = issuedNotes.filter((note) => !note.financial);
  switch (section) {
    case 'b2b':
      return invoices.filter((invoice) => invoice.buyer.gstin).map(b2bRow);
    case 'b2cl':
      return invoices.filter(isB2cLargeInvoice).map(b2cLargeRow);
    case 'b2cs':
      return b2cSmallTotals(invoices, creditNotes);
    case 'cdnr':
      return creditNotes.filter((note) => note.buyer.gstin).map(registeredNoteRow);
    case 'cdnur':
      return creditNotes.filter((note) => isB2cLarge(note, note.invoiceTotalPaise)).map(unregisteredNoteRow);
    case 'hsn':
      return hsnSummary([...invoices, ...creditNotes]);
    case 'hsn_b2b':
      return hsnSummary([...invoices, ...creditNotes].filter((document) => document.buyer.gstin));
    case 'hsn_b2c':
      return hsnSummary([...invoices, ...creditNotes].filter((document) => !document.buyer.gstin));
    case 'docs':
      return [...documentsIssued('Invoices for outward supply', invoices), ...documentsIssued('Credit Note', creditNotes)];
    case 'summary':
      return taxSummary(invoices, creditNotes);
  }
}

/** An invoice to a registered buyer, in the GST offline tool's b2b columns. */
const b2bRow = (invoice: InvoiceRecord): Cells => [
  invoice.buyer.gstin!,
  invoice.buyer.name,
  invoice.number,
  gstDate(invoice.issuedAt),
  rupees(invoice.totalPaise),
  supply(invoice),
  'N',
  '',
  'Regular B2B',
  '',
  invoice.ratePercent,
  rupees(invoice.taxablePaise),
  NO_CESS,
];

/** A large invoice to an unregistered buyer in another state, in the b2cl columns. */
const b2cLargeRow = (invoice: InvoiceRecord): Cells => [
  invoice.number,
  gstDate(invoice.issuedAt),
  rupees(invoice.totalPaise),
  supply(invoice),
  '',
  invoice.ratePercent,
  rupees(invoice.taxablePaise),
  NO_CESS,
  '',
];

/** A credit note to a registered buyer, in the cdnr columns. */
const registeredNoteRow = (note: CreditNoteRecord): Cells => [
  note.buyer.gstin!,
  note.buyer.name,
  note.number,
  gstDate(note.issuedAt),
  'C',
  supply(note),
  'N',
  'Regular B2B',
  rupees(note.totalPaise),
  '',
  note.ratePercent,
  rupees(note.taxablePaise),
  NO_CESS,
];

/** A credit note against a large B2C invoice, in the cdnur columns. */
const unregisteredNoteRow = (note: CreditNoteRecord): Cells => [
  'B2CL',
  note.number,
  gstDate(note.issuedAt),
  'C',
  supply(note),
  rupees(note.totalPaise),
  '',
  note.ratePercent,
  rupees(note.taxablePaise),
  NO_CESS,
];

/**
 * B2C small: one row per place of supply and rate, net of the month's credit notes to unregistered
 * buyers (the GST portal takes B2CS figures net; such notes have no section of their own). A net
 * that is negative stays a negative number; one that is nil has no row.
 */
function b2cSmallTotals(invoices: InvoiceRecord[], creditNotes: CreditNoteRecord[]): Cells[] {
  const groups = totalsBy([...invoices, ...creditNotes].filter(isB2cSmall), (document) => `${supply(document)}|${document.ratePercent}`);
  return [...groups.values()]
    .filter((group) => group.taxable !== 0)
    .sort((a, b) => supply(a.first).localeCompare(supply(b.first)) || a.first.ratePercent - b.first.ratePercent)
    .map((group) => ['OE', supply(group.first), '', group.first.ratePercent, rupees(group.taxable), NO_CESS, '']);
}

/** Table 12: one row per SAC and rate, credit notes subtracted; a service has no quantity. */
function hsnSummary(documents: TaxDocument[]): Cells[] {
  const groups = totalsBy(documents, (document) => `${document.sac}|${document.ratePercent}`);
  return [...groups.values()]
    .filter((group) => group.total !== 0)
    .sort((a, b) => a.first.sac.localeCompare(b.first.sac) || a.first.ratePercent - b.first.ratePercent)
    .map((group) => [
      group.first.sac,
      '',
      SERVICE_UQC,
      0,
      rupees(group.total),
      group.first.ratePercent,
      rupees(group.taxable),
      ...taxCells({ igstPaise: group.igst, cgstPaise: group.cgst, sgstPaise: group.sgst }),
    ]);
}

/**
 * Table 13: per series, the first and last number issued in the month, how many numbers that
 * range holds, and how many of them were not issued (cancelled): none, as numbers are gapless.
 */
function documentsIssued(nature: string, documents: TaxDocument[]): Cells[] {
  const bySeries = new Map<string, TaxDocument[]>();
  for (const document of documents) bySeries.set(document.series, [...(bySeries.get(document.series) ?? []), document]);
  return [...bySeries.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, issued]) => {
      const ordered = [...issued].sort((a, b) => a.sequence - b.sequence);
      const first = ordered[0]!;
      const last = ordered[ordered.length - 1]!;
      const total = last.sequence - first.sequence + 1;
      return [nature, first.number, last.number, total, total - ordered.length];
    });
}

/** Every section's tax amounts, a credit note's as a reduction: to check the report, not to import. */
function taxSummary(invoices: InvoiceRecord[], creditNotes: CreditNoteRecord[]): Cells[] {
  const perDocument = (label: string, document: TaxDocument, sign: 1 | -1): Cells => [
    label,
    document.number,
    supply(document),
    document.ratePercent,
    rupees(sign * document.taxablePaise),
    ...taxCells({ igstPaise: sign * document.igstPaise, cgstPaise: sign * document.cgstPaise, sgstPaise: sign * document.sgstPaise }),
  ];
  const b2cs = totalsBy([...invoices, ...creditNotes].filter(isB2cSmall), (document) => `${supply(document)}|${document.ratePercent}`);
  return [
    ...invoices.filter((invoice) => invoice.buyer.gstin).map((invoice) => perDocument('B2B', invoice, 1)),
    ...invoices.filter(isB2cLargeInvoice).map((invoice) => perDocument('B2CL', invoice, 1)),
    ...[...b2cs.values()]
      .filter((group) => group.taxable !== 0)
      .map((group): Cells => [
        'B2CS',
        '',
        supply(group.first),
        group.first.ratePercent,
        rupees(group.taxable),
        ...taxCells({ igstPaise: group.igst, cgstPaise: group.cgst, sgstPaise: group.sgst }),
      ]),
    ...creditNotes.filter((note) => note.buyer.gstin).map((note) => perDocument('CDNR', note, -1)),
    ...creditNotes.filter((note) => isB2cLarge(note, note.invoiceTotalPaise)).map((note) => perDocument('CDNUR', note, -1)),
  ];
}
