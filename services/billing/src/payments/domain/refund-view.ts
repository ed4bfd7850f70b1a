import { creditNoteUrl, type RefundView, rupeesOf } from '@portal/contracts';
import type { CreditNoteRecord } from '../../tax-documents';
import type { RefundRecord } from './ports';

/** A refund as the admin and the buyer see it, with its credit note once issued. */
export function toRefundView(refund: RefundRecord, creditNote: CreditNoteRecord | null | undefined): RefundView {
  return {
    merchantRefundId: refund.merchantRefundId,
    amount: rupeesOf(refund.amountPaise),
    reason: refund.reason,
    state: refund.state,
    createdAt: refund.createdAt.toISOString(),
    settledAt: refund.settledAt?.toISOString() ?? null,
    creditNote: creditNote
      ? { number: creditNote.number, issuedAt: creditNote.issuedAt.toISOString(), url: creditNoteUrl(refund.merchantRefundId) }
      : null,
    utr: refund.bankUtr ?? null,
  };
}
