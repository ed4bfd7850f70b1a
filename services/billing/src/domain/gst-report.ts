import type { GstReportSection } from '@portal/contracts';
import type { CreditNoteRecord, InvoiceRecord } from './ports';

/**
 * GSTR-1's sections as the GST portal's offline tool reads them (its CSV column names, dates as
 * 23-Nov-2026, places of supply as 27-Maharashtra), with the tax amounts added at the end so the
 * report can be checked against the payments. Pure: the caller picks the month's documents.
 */
type Cells = (string | number)[];
type Taxed = Pick<InvoiceRecord, 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'totalPaise'>;

const TAX_COLUMNS = ['Integrated Tax Amount', 'Central Tax Amount', 'State/UT Tax Amount'];

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
    ...TAX_COLUMNS,
  ],
  b2cs: ['Type', 'Place Of Supply', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN', ...TAX_COLUMNS],
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
    ...TAX_COLUMNS,
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
    ...TAX_COLUMNS,
  ],
};

/** Above this, an inter-state invoice to an unregistered buyer is B2C large (B2CL), not B2C small. */
export const B2CL_LIMIT_PAISE = 1_00_000_00;

const rupees = (paise: number) => (paise / 100).toFixed(2);
const gstDate = (instant: Date) => {
  const [day, month, year] = instant
    .toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' })
    .split(' ');
  return `${day}-${month}-${year}`;
};
const supply = ({ placeOfSupply }: Pick<InvoiceRecord, 'placeOfSupply'>) => `${placeOfSupply.code}-${placeOfSupply.name}`;
/** Every section's last cells: rate, taxable value, cess (none) and the three taxes. */
const rateAndTaxes = (document: Taxed & { ratePercent: number }): Cells => [
  document.ratePercent,
  rupees(document.taxablePaise),
  '0.00',
  rupees(document.igstPaise),
  rupees(document.cgstPaise),
  rupees(document.sgstPaise),
];
const interState = (document: Pick<InvoiceRecord, 'placeOfSupply' | 'seller'>) => document.placeOfSupply.code !== document.seller.stateCode;
const isB2cLarge = (document: Pick<InvoiceRecord, 'placeOfSupply' | 'seller' | 'buyer'>, invoiceTotalPaise: number) =>
  !document.buyer.gstin && interState(document) && invoiceTotalPaise > B2CL_LIMIT_PAISE;

export function gstReport(section: GstReportSection, invoices: InvoiceRecord[], creditNotes: CreditNoteRecord[]): Cells[] {
  switch (section) {
    case 'b2b':
      return invoices
        .filter((invoice) => invoice.buyer.gstin)
        .map((invoice) => [
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
          ...rateAndTaxes(invoice),
        ]);
    case 'b2cs':
      return b2cSmallTotals(invoices, creditNotes);
    case 'cdnr':
      return creditNotes
        .filter((note) => note.buyer.gstin)
        .map((note) => [
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
          ...rateAndTaxes(note),
        ]);
    case 'cdnur':
      return creditNotes
        .filter((note) => isB2cLarge(note, note.invoiceTotalPaise))
        .map((note) => [
          'B2CL',
          note.number,
          gstDate(note.issuedAt),
          'C',
          supply(note),
          rupees(note.totalPaise),
          '',
          ...rateAndTaxes(note),
        ]);
  }
}

/**
 * B2C small: one row per place of supply and rate, net of the month's credit notes to unregistered
 * buyers (the GST portal takes B2CS figures net; such notes have no section of their own).
 */
function b2cSmallTotals(invoices: InvoiceRecord[], creditNotes: CreditNoteRecord[]): Cells[] {
  const totals = new Map<string, { placeOfSupply: string; rate: number; taxable: number; igst: number; cgst: number; sgst: number }>();
  const add = (document: InvoiceRecord | CreditNoteRecord, sign: 1 | -1) => {
    const key = `${supply(document)}|${document.ratePercent}`;
    const row = totals.get(key) ?? { placeOfSupply: supply(document), rate: document.ratePercent, taxable: 0, igst: 0, cgst: 0, sgst: 0 };
    row.taxable += sign * document.taxablePaise;
    row.igst += sign * document.igstPaise;
    row.cgst += sign * document.cgstPaise;
    row.sgst += sign * document.sgstPaise;
    totals.set(key, row);
  };
  for (const invoice of invoices) if (!invoice.buyer.gstin && !isB2cLarge(invoice, invoice.totalPaise)) add(invoice, 1);
  for (const note of creditNotes) if (!note.buyer.gstin && !isB2cLarge(note, note.invoiceTotalPaise)) add(note, -1);
  return [...totals.values()]
    .sort((a, b) => a.placeOfSupply.localeCompare(b.placeOfSupply) || a.rate - b.rate)
    .map((row) => [
      'OE',
      row.placeOfSupply,
      '',
      row.rate,
      rupees(row.taxable),
      '0.00',
      '',
      rupees(row.igst),
      rupees(row.cgst),
      rupees(row.sgst),
    ]);
}
