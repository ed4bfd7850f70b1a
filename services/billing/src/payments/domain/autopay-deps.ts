import type { Logger } from 'pino';
import type { Lock } from '../../shared/ports';
import type { subscriptionLedger } from '../../subscriptions';
import type { MandateGateway, MandateStore, OrderStore, ShownMandates } from './ports';

export interface AutopayDeps {
  mandates: MandateStore & ShownMandates;
  orders: OrderStore;
  gateway: MandateGateway;
  ledger: Pick<ReturnType<typeof subscriptionLedger>, 'releaseRenewal'>;
  lock: Lock;
  logger: Logger;
}
