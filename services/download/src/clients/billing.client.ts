import type { AxiosInstance } from 'axios';
import { parseAnswer } from '@portal/platform';
import { internalSubscriptionAnswer } from '@portal/contracts/internal';
import type { SubscriptionReader } from '../domain/ports';

/** Subscriptions come from billing's internal API, parsed against its contract; download never reads billing's database. */
export function billingSubscriptionClient(http: AxiosInstance): SubscriptionReader {
  return {
    async summary(userId) {
      const { data } = await http.get(`/internal/subscriptions/${encodeURIComponent(userId)}`);
      return parseAnswer(internalSubscriptionAnswer, data, 'billing /internal/subscriptions/:userId').subscription;
    },
  };
}
