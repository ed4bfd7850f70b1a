import { useState } from 'react';
import type { BillingPeriod } from '@portal/contracts';
import { Banner, Link, Spinner, useAuth, useNavigate } from '@portal/ui';
import { usePlans } from '../features/subscription/api';
import { PeriodToggle, taxYearOnSale } from '../features/subscription/components/PlanCard';
import { PlanGrid } from '../features/subscription/components/PlanGrid';
import { withQueries } from '../queries';
import { TEXTS } from '../texts';
import '../components/portal.css';

/**
 * The plans for anyone to compare (behaviour.md §2). A visitor's button signs them up and then
 * opens that plan's confirmation; a signed-in person goes straight to it.
 */
function Pricing() {
  const { state } = useAuth();
  const navigate = useNavigate();
  const { data: plans, isError } = usePlans();
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const target = (plan: string) => `/subscription?plan=${plan}&period=${period}`;
  const choose = (plan: string) => navigate(state === 'authenticated' ? target(plan) : `/signup?next=${encodeURIComponent(target(plan))}`);
  return (
    <div>
      <h1>Pricing</h1>
      <p>
        Prices include GST. Every plan starts with a free 30-day trial, once per person, with no card needed.{' '}
        <Link to="/refund-policy">Refunds, cancellation and auto-renewal</Link>.
      </p>
      {isError && <Banner kind="error">{TEXTS.plansFailed}</Banner>}
      <PeriodToggle period={period} onChange={setPeriod} taxYear={taxYearOnSale(plans)} />
      {!plans ? (
        !isError && <Spinner />
      ) : (
        <PlanGrid
          plans={plans}
          period={period}
          cardOf={(_key, plan) => ({ current: false, firstPlanFree: false, button: { text: `Choose ${plan.name}`, disabled: false } })}
          onChoose={choose}
        />
      )}
    </div>
  );
}

export default withQueries(Pricing);
