import { asPaise, percentOfPaise, type Paise } from '@portal/contracts';
import { taxableValueIn } from '../../tax-documents';
import type { Discount } from './ports';

/** The least a payment may be (PhonePe takes nothing under ₹1), which no code goes below. */
const FLOOR_PAISE = 100;

export interface DiscountedPrice {
  listPricePaise: Paise;
  listTaxablePaise: Paise;
  /** Off the taxable value, before GST. */
  discountPaise: Paise;
  taxablePaise: Paise;
  /** The taxable value after the discount with its GST: what is paid. */
  amountDuePaise: Paise;
}

/** A taxable value with its GST; its taxable part, split again, is the same value to the paisa. */
const withTax = (taxablePaise: Paise, ratePercent: number) => asPaise(taxablePaise + percentOfPaise(taxablePaise, ratePercent));

/**
 * A code's discount on a GST-inclusive price (pure): taken off the taxable value, so
 * that GST is charged on what is left, as a discount given on the invoice itself reduces the value
 * of supply (CGST Act s.15(3)(a)). A percentage is that share of the taxable value, rounded to the
 * paisa; an amount is off the taxable value, at most all of it. No code brings the payment under ₹1.
 */
export function discountedPrice(listPricePaise: Paise, discount: Discount, ratePercent: number): DiscountedPrice {
  // the list price's taxable value as the tax invoice splits it
  const listTaxable = taxableValueIn(listPricePaise, ratePercent);
  const off = discount.kind === 'percent' ? percentOfPaise(listTaxable, discount.percent) : discount.amountPaise;
  let taxable = asPaise(Math.max(0, listTaxable - off));
  while (withTax(taxable, ratePercent) < Math.min(FLOOR_PAISE, listPricePaise)) taxable = asPaise(taxable + 1);
  return {
    listPricePaise,
    listTaxablePaise: listTaxable,
    discountPaise: asPaise(listTaxable - taxable),
    taxablePaise: taxable,
    amountDuePaise: withTax(taxable, ratePercent),
  };
}
