import type { Logger } from 'pino';
import type { discountUseCases } from '../../promotions';
import type { planChangeUseCases, subscriptionLedger } from '../../subscriptions';
import type { invoiceUseCases } from '../../tax-documents';
import type { BillingProfileStore, Lock, MailSender } from '../../shared/ports';
import type { MandateGateway, MandateStore, OrderRecord, OrderStore, PaymentGateway } from './ports';

/** What placing, settling and crediting an order are given (compose.ts wires them). */
export interface PaymentDeps {
  orders: OrderStore;
  ledger: Pick<ReturnType<typeof subscriptionLedger>, 'credit'>;
  changes: Pick<ReturnType<typeof planChangeUseCases>, 'quote'>;
  gateway: PaymentGateway & Pick<MandateGateway, 'setupMandate' | 'redemptionStatus'>;
  mandates: Pick<MandateStore, 'create'>;
  /** What an order's discount uses (a code's redemption, a referral credit), held by the order. */
  promotions: Pick<ReturnType<typeof discountUseCases>, 'hold' | 'release'>;
  invoices: Pick<ReturnType<typeof invoiceUseCases>, 'issueForSettledOrder' | 'render'>;
  profiles: Pick<BillingProfileStore, 'find'>;
  mail: MailSender;
  lock: Lock;
  logger: Logger;
  publicUrl: string;
  orderLifetimeSeconds: number;
  onAmountMismatch: () => void;
  /** Told of every order that leaves pending (UPI Autopay follows its mandates' orders). */
  onSettled?: (order: OrderRecord) => Promise<void>;
  now?: () => Date;
}

export type ReturnOutcome = 'success' | 'failed' | 'pending';

/** The subscription page that tells the buyer how it went: a firm's order returns to the firm's plan. */
export const returnPage = (order: Pick<OrderRecord, 'firm'> | null, outcome: ReturnOutcome) =>
  `/subscription?${order?.firm ? `firm=${order.firm.id}&` : ''}status=${outcome}`;
