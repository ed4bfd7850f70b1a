import { istDayStart, type GstReportQuery } from '@portal/contracts';
import { GST_REPORT_COLUMNS, gstReport, type Cells } from './gst-report';
import type { CreditNoteStore, InvoiceStore } from './ports';

/** The first instants of an Indian calendar month and of the next. */
function monthRange(month: string): { from: Date; to: Date } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const next = number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
  return { from: istDayStart(`${month}-01`), to: istDayStart(`${next}-01`) };
}

/** The admin's GSTR-1 export: one section of one month's invoices and credit notes, by their Indian dates. */
export function taxReportUseCases({ invoices, creditNotes }: { invoices: InvoiceStore; creditNotes: CreditNoteStore }) {
  return {
    async gstr1({ month, section }: GstReportQuery): Promise<{ columns: string[]; rows: Cells[] }> {
      const { from, to } = monthRange(month);
      const [issued, credited] = await Promise.all([invoices.issuedBetween(from, to), creditNotes.issuedBetween(from, to)]);
      return { columns: GST_REPORT_COLUMNS[section], rows: gstReport(section, issued, credited) };
    },
  };
}
