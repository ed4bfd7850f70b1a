import type { Logger } from 'pino';
import type { Lock } from '../../shared/ports';
import type { subscriptionLedger } from '../../subscriptions';
import type { MandateGateway, MandateStore, OrderStore, ShownMandates, ShownRenewals } from './ports';

export interface AutopayDeps {
  mandates: MandateStore & ShownMandates;
  orders: OrderStore & ShownRenewals;
  gateway: MandateGateway;
  ledger: Pick<ReturnType<typeof subscriptionLedger>, 'releaseRenewal'>;
  lock: Lock;
  logger: Logger;
}
