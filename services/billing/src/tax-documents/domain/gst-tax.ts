/**
 * The tax in a GST-inclusive price (prices are what the buyer pays; see docs/decisions.md), in
 * paise so every figure is exact: the taxable value and the taxes always add up to the amount
 * paid. Within the seller's state the tax is CGST and SGST, half the rate each; across states, IGST.
 */
export interface TaxSplit {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export function splitInclusivePrice(totalPaise: number, ratePercent: number, sameState: boolean): TaxSplit {
  if (!Number.isInteger(totalPaise) || totalPaise < 0) throw new RangeError(`amount must be whole paise, got ${totalPaise}`);
  if (!(ratePercent >= 0 && ratePercent <= 100)) throw new RangeError(`GST rate must be 0–100 %, got ${ratePercent}`);
  const taxablePaise = Math.round((totalPaise * 100) / (100 + ratePercent));
  const taxPaise = totalPaise - taxablePaise;
  if (!sameState) return { taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: taxPaise };
  // An odd paisa of tax goes to CGST, so the two halves still add up to the tax.
  const sgstPaise = Math.floor(taxPaise / 2);
  return { taxablePaise, cgstPaise: taxPaise - sgstPaise, sgstPaise, igstPaise: 0 };
}
