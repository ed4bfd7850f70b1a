import type { AdminFirmRow, AdminFirmsResponse } from '@portal/contracts';
import type { SubscriptionReader, UserDirectory } from './ports';

/**
 * The admin's Firms tab: auth's firms and people, with each firm's plan from billing,
 * which keeps a firm's subscription under the firm's id. A firm without a paid plan with access
 * has its owner's one seat, as billing counts it.
 */
export function firmsUseCases({
  users,
  subscriptions,
}: {
  users: Pick<UserDirectory, 'firmPage'>;
  subscriptions: Pick<SubscriptionReader, 'summaries'>;
}) {
  return {
    async list(page: number, limit: number): Promise<AdminFirmsResponse> {
      const { firms, total } = await users.firmPage(page, limit);
      const plans = new Map((await subscriptions.summaries(firms.map((firm) => firm.id))).map((plan) => [plan.userId, plan]));
      const rows = firms.map((firm): AdminFirmRow => {
        const plan = plans.get(firm.id);
        const paid = plan?.subscriptionStatus === 'active';
        const owner = firm.members.find((member) => member.role === 'owner');
        return {
          id: firm.id,
          name: firm.name,
          createdAt: firm.createdAt,
          owner: owner ? { userId: owner.userId, name: owner.name, email: owner.email } : null,
          members: firm.members,
          seats: { used: firm.members.length, bought: paid ? (plan.seats ?? 1) : 1 },
          plan: plan?.subscriptionPlan ?? 'none',
          status: plan?.subscriptionStatus ?? 'none',
          endsAt: paid ? plan.subscriptionEndDate : null,
        };
      });
      return { firms: rows, total, page, limit };
    },
  };
}
