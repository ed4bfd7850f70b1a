import type { SingleUseClaims } from '@portal/platform';
import type { Logger } from 'pino';
import type { discountUseCases } from '../../promotions';
import type { MailSender } from '../../shared/ports';
import type { SubscriptionStore, subscriptionLedger } from '../../subscriptions';
import type { autopayUseCases } from './autopay.use-cases';
import type { MandateGateway, MandateStore, OrderRecord, OrderStore } from './ports';

/** What the renewal job and its webhooks are given (compose.ts wires them). */
export interface RenewalDeps {
  mandates: MandateStore;
  orders: OrderStore;
  gateway: MandateGateway;
  subscriptions: Pick<SubscriptionStore, 'find' | 'inGrace' | 'markReminderSent'>;
  ledger: Pick<ReturnType<typeof subscriptionLedger>, 'holdForRenewal'>;
  autopay: Pick<ReturnType<typeof autopayUseCases>, 'reflect' | 'endFor'>;
  /** A renewal's discount without a code: a code's next period, or the referral credit. */
  discounts: Pick<ReturnType<typeof discountUseCases>, 'offers' | 'hold'>;
  /** Who sends a notice, asks for a debit or sends a dunning e-mail: a webhook and the job can meet. */
  claims: Pick<SingleUseClaims, 'claim'>;
  /** Payments' settlement: asks PhonePe for the debit's outcome and credits it once. */
  settle: (merchantOrderId: string) => Promise<OrderRecord | null>;
  mail: MailSender;
  logger: Logger;
  merchantName: string;
  publicUrl: string;
  now?: () => Date;
}
