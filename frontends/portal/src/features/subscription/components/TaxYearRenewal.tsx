import {
  formatIndianDate,
  isPricedPlan,
  offersNextTaxYear,
  planLabel,
  taxYearEnds,
  taxYearLabel,
  taxYearOf,
  type CreateOrderBody,
  type SubscriptionStatus,
} from '@portal/contracts';
import { Banner, Button, Link } from '@portal/ui';

/**
 * From 1 February, a tax-year term that ends this 31 March asks to be renewed for the next year,
 * as the season's e-mails do: a lapse in the filing season is what a practitioner fears most. The
 * subscription page opens the renewal at once (`onRenew`); elsewhere it links there.
 */
export function TaxYearRenewalBanner({
  status,
  now = new Date(),
  onRenew,
}: {
  status: Pick<SubscriptionStatus, 'subscriptionPlan' | 'billingPeriod' | 'subscriptionEndDate'> | null | undefined;
  now?: Date;
  onRenew?: (choice: CreateOrderBody) => void;
}) {
  const year = taxYearOf(now);
  const plan = status?.subscriptionPlan;
  const endsThisMarch = status?.subscriptionEndDate === taxYearEnds(year).toISOString();
  if (!isPricedPlan(plan) || status?.billingPeriod !== 'tax-year' || !endsThisMarch || !offersNextTaxYear(now)) return null;
  const renew = `Renew for ${taxYearLabel(year + 1)}`;
  return (
    <Banner kind="info">
      Your {planLabel(plan)} plan for {taxYearLabel(year)} ends on {formatIndianDate(taxYearEnds(year))}. Renew it now, so the app and the
      new year&apos;s updates go on through the filing season.{' '}
      {onRenew ? (
        <Button variant="secondary" onClick={() => onRenew({ plan, billingPeriod: 'tax-year' })}>
          {renew}
        </Button>
      ) : (
        <Link to={`/subscription?plan=${plan}&period=tax-year`}>{renew}</Link>
      )}
    </Banner>
  );
}
