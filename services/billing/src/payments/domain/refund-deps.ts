import type { AuditPublisher } from '@portal/platform';
import type { Logger } from 'pino';
import type { BillingProfileStore, Lock, MailSender } from '../../shared/ports';
import type { subscriptionLedger } from '../../subscriptions';
import type { CreditNoteStore, InvoiceStore, Seller } from '../../tax-documents';
import type { OrderRecord, OrderStore, RefundGateway, RefundStore } from './ports';

/** What requesting, settling and telling of refunds are given (compose.ts wires them). */
export interface RefundDeps {
  orders: OrderStore;
  refunds: RefundStore;
  invoices: InvoiceStore;
  creditNotes: CreditNoteStore;
  /** The buyer's billing details now: a credit note shows the address the invoice may have lacked. */
  profiles: Pick<BillingProfileStore, 'find'>;
  ledger: Pick<ReturnType<typeof subscriptionLedger>, 'removeRefunded'>;
  /** Told of an order refunded in full, once its plan has ended (a referral credit it earned is taken back). */
  onRefundedInFull?: (order: OrderRecord) => Promise<unknown>;
  gateway: RefundGateway;
  seller: Seller;
  lock: Lock;
  audit: AuditPublisher;
  logger: Logger;
  /** The refund's e-mail: its credit note attached, and the way to the billing history. */
  mail: MailSender;
  creditNotePdf: (merchantRefundId: string) => Promise<{ number: string; pdf: Buffer }>;
  publicUrl: string;
  now?: () => Date;
}
