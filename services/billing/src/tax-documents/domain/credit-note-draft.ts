import { NO_PAISE } from '@portal/contracts';
import type { BillingProfile } from '@portal/contracts';
import { creditNoteBuyer } from './buyer-details';
import { reducesOutputTax } from './financial-year';
import { splitInclusivePrice } from './gst-tax';
import type { CreditedRefund, CreditNoteDraft, InvoiceRecord } from './ports';

/**
 * The credit note for a completed refund (pure): the invoice's parties, place of supply, SAC and
 * rate, and the refunded amount split the same way (CGST and SGST, or IGST) as the invoice. Past
 * Section 34(2)'s time limit it is a financial credit note: the whole amount, no tax.
 */
export function draftCreditNote(
  invoice: InvoiceRecord,
  refund: CreditedRefund,
  issuedAt: Date,
  /** The buyer's billing details now, for the address Rule 53(1A) asks when the invoice had none. */
  profile: BillingProfile | null = null,
): CreditNoteDraft {
  const sameState = invoice.placeOfSupply.code === invoice.seller.stateCode;
  const financial = !reducesOutputTax(invoice.issuedAt, issuedAt);
  const figures = financial
    ? { taxablePaise: refund.amountPaise, cgstPaise: NO_PAISE, sgstPaise: NO_PAISE, igstPaise: NO_PAISE }
    : splitInclusivePrice(refund.amountPaise, invoice.ratePercent, sameState);
  return {
    issuedAt,
    kind: refund.kind ?? 'refund',
    merchantRefundId: refund.merchantRefundId,
    phonepeRefundId: refund.phonepeRefundId,
    ...(refund.bankUtr ? { bankUtr: refund.bankUtr } : {}),
    merchantOrderId: invoice.merchantOrderId,
    accountId: invoice.accountId,
    invoiceNumber: invoice.number,
    invoiceDate: invoice.issuedAt,
    invoiceTotalPaise: invoice.totalPaise,
    reason: refund.reason,
    seller: invoice.seller,
    buyer: creditNoteBuyer(invoice.buyer, profile),
    placeOfSupply: invoice.placeOfSupply,
    sac: invoice.sac,
    ratePercent: invoice.ratePercent,
    plan: invoice.plan,
    billingPeriod: invoice.billingPeriod,
    totalPaise: refund.amountPaise,
    ...figures,
    ...(financial ? { financial: true } : {}),
  };
}
