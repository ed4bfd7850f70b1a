import { gstStateByCode, type BillingProfile } from '@portal/contracts';
import type { InvoiceRecord } from './ports';

type Buyer = InvoiceRecord['buyer'];

/** The buyer's address as their documents print it. */
export const buyerAddress = (profile: Pick<BillingProfile, 'street' | 'city' | 'pincode'>) =>
  `${profile.street}, ${profile.city} ${profile.pincode}`;

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
