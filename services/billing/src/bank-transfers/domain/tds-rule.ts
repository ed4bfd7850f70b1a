import { BANK_TRANSFER_MESSAGES, formatPaise, istDayStart, paiseOf, percentOfPaise, type Paise } from '@portal/contracts';
import { badRequest } from '@portal/platform/errors';
import type { BillingAccount, BillingProfileStore } from '../../shared/ports';
import { financialYearOf, taxableValueIn } from '../../tax-documents';

export interface TdsSettings {
  ratePercent: number;
  thresholdRupees: number;
  /** GST's rate: TDS is a share of the taxable value, GST left out (CBDT Circular 23/2017). */
  gstRatePercent: number;
}

/**
 * The TDS a buyer who says it deducts it takes off an order (section 194J): only a
 * business (a firm, or a buyer with a GSTIN), and only when the year's payments to us, this one
 * included, exceed the threshold, as the section asks. The rate and the threshold are settings the
 * seller's CA confirms (docs/decisions/0058).
 */
export function tdsRule(
  settings: TdsSettings,
  deps: { profiles: Pick<BillingProfileStore, 'find'>; taxablePaidSince: (accountId: string, since: Date) => Promise<Paise> },
) {
  return (account: BillingAccount, now: Date) =>
    async (amountPaise: Paise): Promise<{ ratePercent: number; paise: Paise }> => {
      const business = account.firm !== null || Boolean((await deps.profiles.find(account.id))?.gstin);
      if (!business) throw badRequest(BANK_TRANSFER_MESSAGES.tdsNotBusiness);
      const taxablePaise = taxableValueIn(amountPaise, settings.gstRatePercent);
      const yearStart = istDayStart(`${financialYearOf(now).startYear}-04-01`);
      const paidThisYear = await deps.taxablePaidSince(account.id, yearStart);
      const threshold = paiseOf(settings.thresholdRupees);
      if (paidThisYear + taxablePaise <= threshold) throw badRequest(BANK_TRANSFER_MESSAGES.tdsBelowThreshold(formatPaise(threshold)));
      return { ratePercent: settings.ratePercent, paise: percentOfPaise(taxablePaise, settings.ratePercent) };
    };
}
