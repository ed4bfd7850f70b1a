import { randomBytes } from 'node:crypto';
import { formatRupees, invoiceFileName, istDateOf, type BillingPeriod, type CreateOrderResponse, type PricedPlan } from '@portal/contracts';
import { badRequest } from '@portal/platform/errors';
import type { Logger } from 'pino';
import { creditOrder, priceOf, subscriptionLockKey, type PlanStore, type SubscriptionStore } from '../../subscriptions';
import type { InvoiceRecord, invoiceUseCases } from '../../tax-documents';
import type { Claims, Lock, MailSender } from '../../shared/ports';
import type { OrderRecord, OrderStore, PaymentGateway } from './ports';

export interface PaymentDeps {
  orders: OrderStore;
  subscriptions: SubscriptionStore;
  plans: PlanStore;
  gateway: PaymentGateway;
  invoices: ReturnType<typeof invoiceUseCases>;
  mail: MailSender;
  lock: Lock;
  claims: Claims;
  logger: Logger;
  publicUrl: string;
  orderLifetimeSeconds: number;
  onAmountMismatch: () => void;
  now?: () => Date;
}

export type ReturnOutcome = 'success' | 'failed' | 'pending';

/** Settling, crediting and refunding one order are serialised on this key. */
export const orderLockKey = (merchantOrderId: string) => `lock:order:${merchantOrderId}`;

/** Ours, unique, and within PhonePe's rules (≤ 63 characters of letters, digits, _ and -). */
const newMerchantOrderId = () => `TPP-${Date.now().toString(36).toUpperCase()}-${randomBytes(6).toString('hex').toUpperCase()}`;

export function paymentUseCases(deps: PaymentDeps) {
  const { orders, subscriptions, plans, gateway, lock, logger } = deps;
  const now = deps.now ?? (() => new Date());

  async function credit(order: OrderRecord): Promise<void> {
    if (!order.userId) return; // the user was deleted meanwhile; the payment stays on record
    const userId = order.userId;
    const plan = await plans.find(order.plan);
    await lock(subscriptionLockKey(userId), async () => {
      const credited = creditOrder(await subscriptions.find(userId), order, plan?.monthlyPrice ?? 0, now());
      if (!credited) return;
      const credit = await deps.claims.once(`order-credit:${order.merchantOrderId}`, userId, async () => {
        // The invoice first: if the save fails, the retried credit finds it and goes on, so no
        // credited order is ever without its invoice.
        const invoice = await deps.invoices.issueFor({ ...order, userId }, credited.period);
        await orders.update(order.merchantOrderId, {
          invoiceNumber: invoice.number,
          taxablePaise: invoice.taxablePaise,
          taxPaise: invoice.totalPaise - invoice.taxablePaise,
        });
        const saved = await subscriptions.save(userId, credited.changes);
        void sendReceipt(order, saved.subscriptionEndDate, invoice);
      });
      if (!credit.claimed) {
        // Under the lock, only a holder that stopped between its claim and its save leaves this.
        logger.error(
          { alert: 'credit_interrupted', merchantOrderId: order.merchantOrderId, userId },
          'ALERT: order claimed but not credited',
        );
        throw new Error(`order ${order.merchantOrderId} was claimed for crediting but is not credited`);
      }
    });
    await orders.update(order.merchantOrderId, { credited: true });
  }

  async function sendReceipt(order: OrderRecord, validUntil: Date | null, invoice: InvoiceRecord): Promise<void> {
    const planTitle = order.plan.charAt(0).toUpperCase() + order.plan.slice(1);
    await deps.invoices
      .render(invoice)
      .then((pdf) =>
        deps.mail.send({
          to: order.userEmail,
          subject: `Payment received: ${planTitle} plan (${order.billingPeriod})`,
          text: [
            'Thank you for your payment.',
            '',
            `Plan: ${planTitle}, billed ${order.billingPeriod === 'annual' ? 'annually' : 'monthly'}`,
            `Amount: ${formatRupees(order.amount)}`,
            `Order: ${order.merchantOrderId}`,
            ...(order.phonePeTransactionId ? [`PhonePe transaction: ${order.phonePeTransactionId}`] : []),
            ...(validUntil ? [`Your subscription is active until ${istDateOf(validUntil)}.`] : []),
            '',
            `Your tax invoice ${invoice.number} is attached, and stays in your billing history on the portal.`,
          ].join('\n'),
          attachments: [{ filename: invoiceFileName(invoice.number), content: pdf, contentType: 'application/pdf' }],
        }),
      )
      .catch((error: unknown) => logger.error({ err: error, merchantOrderId: order.merchantOrderId }, 'receipt e-mail could not be sent'));
  }

  /**
   * Asks PhonePe for the order's state and applies it, once: the browser's return and the
   * webhook only say "look again"; neither is trusted for the outcome or the amount.
   */
  async function settle(merchantOrderId: string): Promise<OrderRecord | null> {
    return lock(orderLockKey(merchantOrderId), async () => {
      const order = await orders.find(merchantOrderId);
      if (!order) {
        logger.warn({ merchantOrderId }, 'settlement asked for an order we do not know');
        return null;
      }
      if (order.status === 'completed' && !order.credited) {
        await credit(order);
        return orders.find(merchantOrderId);
      }
      if (order.status !== 'pending') return order;
      const remote = await gateway.orderStatus(merchantOrderId);
      if (remote.state === 'COMPLETED') {
        if (remote.amount !== order.amountPaise) {
          deps.onAmountMismatch();
          logger.error(
            { alert: 'payment_amount_mismatch', merchantOrderId, expectedPaise: order.amountPaise, reportedPaise: remote.amount },
            'ALERT: paid amount does not match the order; not credited',
          );
          return orders.update(merchantOrderId, { status: 'amount_mismatch', phonepeOrderId: remote.orderId });
        }
        const attempt = remote.paymentDetails.find((detail) => detail.state === 'COMPLETED');
        const completed = await orders.update(merchantOrderId, {
          status: 'completed',
          phonepeOrderId: remote.orderId,
          phonePeTransactionId: attempt?.transactionId ?? null,
          completedAt: now(),
        });
        if (completed) await credit(completed);
        return orders.find(merchantOrderId);
      }
      if (remote.state === 'FAILED') return orders.update(merchantOrderId, { status: 'failed', phonepeOrderId: remote.orderId });
      if (order.expireAt.getTime() <= now().getTime()) return orders.update(merchantOrderId, { status: 'expired' });
      return order;
    });
  }

  return {
    settle,

    /** The amount comes from the plan and period alone, never from the client. */
    async createOrder(
      user: { userId: string; email: string },
      plan: PricedPlan,
      billingPeriod: BillingPeriod,
    ): Promise<CreateOrderResponse> {
      const entry = await plans.find(plan);
      if (!entry) throw badRequest('Choose one of the plans: basic, professional or business');
      const { rupees, paise } = priceOf(entry, billingPeriod);
      const merchantOrderId = newMerchantOrderId();
      await orders.create({
        merchantOrderId,
        userId: user.userId,
        userEmail: user.email,
        plan,
        billingPeriod,
        amount: rupees,
        amountPaise: paise,
        expireAt: new Date(now().getTime() + deps.orderLifetimeSeconds * 1000),
      });
      const created = await gateway.pay({
        merchantOrderId,
        amountPaise: paise,
        redirectUrl: `${deps.publicUrl}/api/payment/phonepe/return?order=${merchantOrderId}`,
        expireAfterSeconds: deps.orderLifetimeSeconds,
        userId: user.userId,
      });
      await orders.update(merchantOrderId, { phonepeOrderId: created.orderId });
      return { success: true, paymentUrl: created.redirectUrl, merchantOrderId };
    },

    /** Where the browser lands after PhonePe's page: settle now, then say how it went. */
    async handleReturn(merchantOrderId: string): Promise<ReturnOutcome> {
      try {
        const order = await settle(merchantOrderId);
        if (!order) return 'failed';
        return order.status === 'completed' ? 'success' : order.status === 'pending' ? 'pending' : 'failed';
      } catch (error) {
        logger.warn({ err: error, merchantOrderId }, 'order could not be settled on return; reconciliation will retry');
        return 'pending';
      }
    },

    /** Settles what the webhooks missed: old pending orders and completed ones not yet credited. */
    async reconcile(olderThanMs: number): Promise<number> {
      const due = await orders.needingReconciliation(new Date(now().getTime() - olderThanMs), 200);
      let settled = 0;
      for (const order of due) {
        try {
          const after = await settle(order.merchantOrderId);
          if (after && (after.status !== 'pending' || after.credited)) settled++;
        } catch (error) {
          logger.warn({ err: error, merchantOrderId: order.merchantOrderId }, 'reconciliation of an order failed; will retry');
        }
      }
      return settled;
    },
  };
}
