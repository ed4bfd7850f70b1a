import { BILLING_PROFILE_MESSAGES, type BillingProfile } from '@portal/contracts';
import { badRequest } from '@portal/platform/errors';
import type { BillingProfileStore } from './ports';

/** CGST Rule 46(e): from this value, an invoice to a buyer without a GSTIN shows their address and state. */
export const ADDRESS_ON_INVOICE_FROM_PAISE = 50_000_00;

/**
 * Whether a document for this buyer could be issued as the rules ask (pure). A buyer with a GSTIN,
 * or with billing details saved (which always hold the address and state), is complete; otherwise
 * Rule 46(e) asks for them on an invoice of ₹50,000 or more, and Rule 53(1A) on every credit note.
 */
export function buyerDetailsMissing(
  profile: Pick<BillingProfile, 'gstin'> | null,
  documents: { invoicePaise: number; creditNote: boolean },
): 'invoice' | 'credit-note' | null {
  if (profile) return null;
  if (documents.invoicePaise >= ADDRESS_ON_INVOICE_FROM_PAISE) return 'invoice';
  return documents.creditNote ? 'credit-note' : null;
}

/**
 * Before anything is charged (payments asks, tax-documents prints): the buyer's details an invoice
 * of this value and, on an upgrade, the credit note of the plan it ends must show; a 400 asks for them.
 */
export async function assertBuyerDetails(
  profiles: Pick<BillingProfileStore, 'find'>,
  accountId: string,
  documents: { invoicePaise: number; creditNote: boolean },
): Promise<void> {
  // most orders need no details: they are not read then (an order's query budget)
  if (buyerDetailsMissing(null, documents) === null) return;
  const missing = buyerDetailsMissing(await profiles.find(accountId), documents);
  if (missing === 'invoice') throw badRequest(BILLING_PROFILE_MESSAGES.neededForInvoice);
  if (missing === 'credit-note') throw badRequest(BILLING_PROFILE_MESSAGES.neededForCreditNote);
}
