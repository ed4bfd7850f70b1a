import type { BillingPeriod, CreateOrderBody, Plan, PlansResponse } from '@portal/contracts';
import { PlanCard } from './PlanCard';

type PlanKey = CreateOrderBody['plan'];

/**
 * The plan cards side by side, as the pricing, subscription and firm pages show them (one grid
 * for all three). Each page says what a card's button reads and whether it is the plan
 * running now (`cardOf`), and what choosing it does.
 */
export function PlanGrid({
  plans,
  period,
  seats,
  busy = false,
  cardOf,
  onChoose,
}: {
  plans: PlansResponse;
  period: BillingPeriod;
  /** A firm's seats: each card adds what they cost together. */
  seats?: number;
  busy?: boolean;
  cardOf: (key: PlanKey, plan: Plan) => { current: boolean; firstPlanFree: boolean; button: { text: string; disabled: boolean } };
  onChoose: (plan: PlanKey) => void;
}) {
  return (
    <div className="plans">
      {Object.entries(plans)
        .filter(([, plan]) => plan.terms.includes(period))
        .map(([key, plan]) => (
          <PlanCard
            key={key}
            id={key}
            plan={plan}
            period={period}
            {...(seats ? { seats } : {})}
            busy={busy}
            {...cardOf(key as PlanKey, plan)}
            onChoose={() => onChoose(key as PlanKey)}
          />
        ))}
    </div>
  );
}
