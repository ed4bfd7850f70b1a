import { istDateOf, rupeesOf, form16aDue, type TdsView } from '@portal/contracts';
import type { OrderRecord } from '../../payments';
import { financialYearOf } from '../../tax-documents';
import type { TdsRecord, TdsStore } from './ports';

/** A paid order's TDS, receivable from then on; an order without TDS has none. */
export async function registerTds(store: TdsStore, order: OrderRecord): Promise<void> {
  const tds = order.bankTransfer?.tds;
  const reference = order.bankTransfer?.reference;
  if (!tds || !reference || order.status !== 'completed') return;
  await store.register({
    merchantOrderId: order.merchantOrderId,
    reference,
    accountId: order.accountId,
    customer: order.firm?.name ?? order.userEmail,
    customerEmail: order.userEmail,
    invoiceNumber: order.invoiceNumber,
    amountPaise: tds.paise,
    deductedAt: order.completedAt ?? new Date(),
    state: 'receivable',
    certificate: null,
    certificateNumber: null,
    reason: null,
    decidedBy: null,
  });
}

/** The financial year's quarter of an instant, in India (`2026-27 Q3`), and when its Form 16A is due. */
export function quarterOf(instant: Date): { label: string; certificateDue: string } {
  const fy = financialYearOf(instant);
  const month = Number(istDateOf(instant).slice(5, 7));
  const quarter = (month >= 4 ? Math.floor((month - 4) / 3) + 1 : 4) as 1 | 2 | 3 | 4;
  return { label: `${fy.label} Q${quarter}`, certificateDue: form16aDue(fy.startYear, quarter) };
}

export function tdsView(record: Omit<TdsRecord, 'certificate'> & { uploadedAt: Date | null }, now: Date): TdsView {
  const { label, certificateDue } = quarterOf(record.deductedAt);
  const waiting = record.state === 'receivable' || record.state === 'rejected';
  return {
    reference: record.reference,
    invoiceNumber: record.invoiceNumber ?? null,
    customer: record.customer,
    customerEmail: record.customerEmail,
    quarter: label,
    amount: rupeesOf(record.amountPaise),
    state: record.state,
    certificateDue,
    overdue: waiting && istDateOf(now) > certificateDue,
    certificateNumber: record.certificateNumber ?? null,
    reason: record.reason ?? null,
    uploadedAt: record.uploadedAt?.toISOString() ?? null,
  };
}
