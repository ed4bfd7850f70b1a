import type { AxiosInstance } from 'axios';
import type { SubscriptionSummary } from '@portal/contracts';
import type { SubscriptionReader } from '../domain/ports';

/** Subscriptions come from billing's internal API; download never reads billing's database. */
export function billingSubscriptionClient(http: AxiosInstance): SubscriptionReader {
  return {
    async summary(userId) {
      const { data } = await http.get<{ subscription: SubscriptionSummary }>(`/internal/subscriptions/${encodeURIComponent(userId)}`);
      return data.subscription;
    },
  };
}
