import { formatIndianDate, planLabel, type SubscriptionStatus } from '@portal/contracts';
import { Banner } from '@portal/ui';

/**
 * A member's plan comes from their firm: its name, its plan and who manages it, in
 * place of the buy buttons, since its owner and admins buy the seats.
 */
export function FirmPlanBanner({ firmPlan }: { firmPlan: NonNullable<SubscriptionStatus['firmPlan']> }) {
  return (
    <Banner kind="success">
      You work on the {planLabel(firmPlan.plan)} plan of {firmPlan.name}
      {firmPlan.endsAt ? `, until ${formatIndianDate(firmPlan.endsAt)}` : ''}. It is managed by {firmPlan.managedBy || 'the firm’s owner'}:
      ask them about seats and billing.
    </Banner>
  );
}
