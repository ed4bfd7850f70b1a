import { gstStateByCode, type BillingProfile } from '@portal/contracts';
import type { InvoiceRecord } from './ports';

/** CGST Rule 46(e): from this value, an invoice to a buyer without a GSTIN shows their address and state. */
export const ADDRESS_ON_INVOICE_FROM_PAISE = 50_000_00;

type Buyer = InvoiceRecord['buyer'];

/** The buyer's address as their documents print it. */
export const buyerAddress = (profile: Pick<BillingProfile, 'street' | 'city' | 'pincode'>) =>
  `${profile.street}, ${profile.city} ${profile.pincode}`;

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

/** A credit note's buyer: the invoice's, with the address and state saved since when the invoice had none. */
export function creditNoteBuyer(buyer: Buyer, profile: BillingProfile | null): Buyer {
  if (buyer.gstin || (buyer.address && buyer.stateCode) || !profile) return buyer;
  const state = gstStateByCode(profile.stateCode);
  return {
    ...buyer,
    address: buyerAddress(profile),
    stateCode: profile.stateCode,
    stateName: state?.name ?? null,
  };
}
