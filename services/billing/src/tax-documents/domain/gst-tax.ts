import { asPaise, type Paise } from '@portal/contracts';

/**
 * The tax in a GST-inclusive price (prices are what the buyer pays; see docs/decisions/0013), in
 * paise so every figure is exact: the taxable value and the taxes always add up to the amount
 * paid. Within the seller's state the tax is CGST and SGST, half the rate each; across states, IGST.
 */
export interface TaxSplit {
  taxablePaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
}

/** The taxable value in a GST-inclusive amount, to the nearest paisa. */
export const taxableValueIn = (totalPaise: Paise, ratePercent: number): Paise =>
  asPaise(Math.round((totalPaise * 100) / (100 + ratePercent)));

export function splitInclusivePrice(totalPaise: Paise, ratePercent: number, sameState: boolean): TaxSplit {
  if (!Number.isInteger(totalPaise) || totalPaise < 0) throw new RangeError(`amount must be whole paise, got ${totalPaise}`);
  if (!(ratePercent >= 0 && ratePercent <= 100)) throw new RangeError(`GST rate must be 0–100 %, got ${ratePercent}`);
  const taxablePaise = taxableValueIn(totalPaise, ratePercent);
  const taxPaise = asPaise(totalPaise - taxablePaise);
  const none = asPaise(0);
  if (!sameState) return { taxablePaise, cgstPaise: none, sgstPaise: none, igstPaise: taxPaise };
  // An odd paisa of tax goes to CGST, so the two halves still add up to the tax.
  const sgstPaise = asPaise(Math.floor(taxPaise / 2));
  return { taxablePaise, cgstPaise: asPaise(taxPaise - sgstPaise), sgstPaise, igstPaise: none };
}
