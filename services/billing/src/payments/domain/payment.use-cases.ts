import { randomBytes } from 'node:crypto';
import {
  AUTOPAY_MESSAGES,
  autopayEligible,
  formatIndianDate,
  formatPaise,
  mandateFrequency,
  invoiceFileName,
  PLAN_CHANGE_MESSAGES,
  type BillingPeriod,
  type CreateOrderResponse,
  type PricedPlan,
  planTitle,
} from '@portal/contracts';
import { composeMail } from '@portal/platform/mail-layout';
import { badRequest, conflict } from '@portal/platform/errors';
import type { Logger } from 'pino';
import { LOCK_KEYS } from '../../shared/lock-keys';
import { MIN_CHARGE_PAISE, type planChangeUseCases, type subscriptionLedger } from '../../subscriptions';
import type { InvoiceRecord, invoiceUseCases } from '../../tax-documents';
import type { BillingAccount, Lock, MailSender } from '../../shared/ports';
import { assertSeatsFit } from '../../shared/seat-rules';
import { newMerchantSubscriptionId } from './autopay.use-cases';
import type { MandateGateway, MandateStore, OrderRecord, OrderStore, PaymentGateway } from './ports';

export interface PaymentDeps {
  orders: OrderStore;
  ledger: Pick<ReturnType<typeof subscriptionLedger>, 'entryFor' | 'record'>;
  changes: Pick<ReturnType<typeof planChangeUseCases>, 'quote'>;
  gateway: PaymentGateway & Pick<MandateGateway, 'setupMandate' | 'redemptionStatus'>;
  mandates: Pick<MandateStore, 'create'>;
  invoices: ReturnType<typeof invoiceUseCases>;
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
const returnPage = (order: Pick<OrderRecord, 'firm'> | null, outcome: ReturnOutcome) =>
  `/subscription?${order?.firm ? `firm=${order.firm.id}&` : ''}status=${outcome}`;

/** Ours, unique, and within PhonePe's rules (≤ 63 characters of letters, digits, _ and -). */
const newMerchantOrderId = () => `TPP-${Date.now().toString(36).toUpperCase()}-${randomBytes(6).toString('hex').toUpperCase()}`;

export function paymentUseCases(deps: PaymentDeps) {
  const { orders, gateway, lock, logger } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * A paid order's credit, once, under the account's lock (lock-keys.ts): its documents first, so
   * that no credited order lacks its invoice; its period in the ledger; the order marked credited;
   * the receipt. A retry after a crash finds what was done and completes the rest.
   */
  async function credit(order: OrderRecord): Promise<void> {
    if (!order.accountId) return; // the user was deleted meanwhile; the payment stays on record
    const paid = { ...order, accountId: order.accountId };
    const { subscription, documents } = await lock(LOCK_KEYS.subscription(paid.accountId), async () => {
      const entry = await deps.ledger.entryFor(paid);
      const documents = entry.period ? await issueDocuments(paid, entry.invoicePeriod) : null;
      return { subscription: await deps.ledger.record(paid, entry), documents };
    });
    await orders.update(order.merchantOrderId, { credited: true });
    if (documents) void sendReceipt(order, subscription.subscriptionEndDate, documents.invoice);
  }

  /** The order's invoice (and an upgrade's credit notes), with the orders they concern marked by them. */
  async function issueDocuments(order: OrderRecord & { accountId: string }, invoicePeriod: { from: Date; to: Date }) {
    const documents = await deps.invoices.issueForSettledOrder(
      { ...order, amountPaise: order.change?.valuePaise ?? order.amountPaise, ...(order.change && { replaced: order.change.credits }) },
      invoicePeriod,
    );
    for (const note of documents.creditNotes) await orders.update(note.merchantOrderId, { changeCreditedPaise: note.paise });
    const { invoice } = documents;
    await orders.update(order.merchantOrderId, {
      invoiceNumber: invoice.number,
      taxablePaise: invoice.taxablePaise,
      taxPaise: invoice.totalPaise - invoice.taxablePaise,
    });
    return documents;
  }

  async function sendReceipt(order: OrderRecord, validUntil: Date | null, invoice: InvoiceRecord): Promise<void> {
    const title = planTitle(order.plan);
    await deps.invoices
      .render(invoice)
      .then((pdf) =>
        deps.mail.send({
          to: order.userEmail,
          ...composeMail(
            {
              subject: `Payment received: ${title} plan (${order.billingPeriod})`,
              paragraphs: [
                'Thank you for your payment.',
                ...(order.mandate?.role === 'renewal' ? [`Renewed by UPI Autopay, mandate ${order.mandate.merchantSubscriptionId}.`] : []),
                ...(validUntil ? [`Your subscription is active until ${formatIndianDate(validUntil)}.`] : []),
              ],
              facts: [
                ['Plan', `${title}, billed ${order.billingPeriod === 'annual' ? 'annually' : 'monthly'}`],
                ...(order.firm
                  ? [['Firm', `${order.firm.name}, ${order.seats} ${order.seats === 1 ? 'seat' : 'seats'}`] as [string, string]]
                  : []),
                ['Amount', formatPaise(order.amountPaise)],
                ['Order', order.merchantOrderId],
                ...(order.phonePeTransactionId ? [['PhonePe transaction', order.phonePeTransactionId] as [string, string]] : []),
                ['Tax invoice', invoice.number],
              ],
              action: { label: 'See your billing history', url: `${deps.publicUrl}/subscription` },
              after: [`Your tax invoice ${invoice.number} is attached, and stays in your billing history on the portal.`],
            },
            deps,
          ),
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
    let left = false;
    const settled = await lock(LOCK_KEYS.order(merchantOrderId), async () => {
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
      // a renewal's debit is a redemption of its mandate, with its own status call
      const remote =
        order.mandate?.role === 'renewal' ? await gateway.redemptionStatus(merchantOrderId) : await gateway.orderStatus(merchantOrderId);
      if (!remote) return order;
      left = remote.state === 'COMPLETED' || remote.state === 'FAILED' || order.expireAt.getTime() <= now().getTime();
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
    if (left && settled && deps.onSettled) await deps.onSettled(settled);
    return settled;
  }

  /**
   * Chooses the price under the account's lock, from the plan, the period and the plan running now
   * (the quote), refuses what cannot be bought now, and records the pending order at that price.
   */
  async function recordPricedOrder(
    account: BillingAccount,
    plan: PricedPlan,
    billingPeriod: BillingPeriod,
    { autoRenew = false, seats = 1 }: { autoRenew?: boolean; seats?: number },
  ): Promise<{ order: OrderRecord; pricePaise: number }> {
    assertSeatsFit(account.firm, seats);
    const firm = account.firm ? { id: account.firm.id, name: account.firm.name } : null;
    return lock(LOCK_KEYS.subscription(account.id), async () => {
      const quote = await deps.changes.quote(account.id, plan, billingPeriod, { seats, firm: firm !== null });
      if (quote.kind === 'switch') throw conflict(PLAN_CHANGE_MESSAGES.switchNotPaid);
      if (autoRenew && !autopayEligible(quote.pricePaise)) throw badRequest(AUTOPAY_MESSAGES.notEligibleError);
      await deps.invoices.assertBuyerDetails(account.id, {
        invoicePaise: quote.terms?.valuePaise ?? quote.pricePaise,
        creditNote: (quote.terms?.credits ?? []).some((credit) => credit.merchantOrderId !== null && credit.paise > 0),
      });
      const pending = await orders.pendingOf(account.id, now());
      if (quote.kind === 'upgrade' ? pending.checkout : pending.upgrade) throw conflict(PLAN_CHANGE_MESSAGES.inProgress);
      // a payment now and the mandate's debit of the same end would both add a period
      if (pending.renewal) throw conflict(AUTOPAY_MESSAGES.renewalUnderWay);
      // a mandate is set up by its first payment; one the credit pays for has none to set it up with
      const merchantSubscriptionId = autoRenew && quote.amountDuePaise >= MIN_CHARGE_PAISE ? newMerchantSubscriptionId() : null;
      const order = await orders.create({
        merchantOrderId: newMerchantOrderId(),
        accountId: account.id,
        userEmail: account.email,
        plan,
        billingPeriod,
        seats,
        firm,
        amountPaise: quote.amountDuePaise,
        expireAt: new Date(now().getTime() + deps.orderLifetimeSeconds * 1000),
        change: quote.terms,
        mandate: merchantSubscriptionId ? { merchantSubscriptionId, role: 'setup' } : null,
      });
      return { order, pricePaise: quote.pricePaise };
    });
  }

  /** An upgrade its credit pays for: nothing to collect, so no checkout; it is settled and credited at once. */
  async function settleWithoutCheckout(order: OrderRecord): Promise<CreateOrderResponse> {
    const { merchantOrderId } = order;
    const completed = await lock(LOCK_KEYS.order(merchantOrderId), () =>
      orders.update(merchantOrderId, { status: 'completed', completedAt: now() }),
    );
    if (completed) {
      await credit(completed);
      await deps.onSettled?.(completed);
    }
    return { success: true, paymentUrl: `${deps.publicUrl}${returnPage(order, 'success')}`, merchantOrderId };
  }

  /** PhonePe's checkout for the order: a payment, or the first payment of a UPI Autopay mandate at the plan's price. */
  async function openCheckout(
    order: OrderRecord,
    { accountId, plan, pricePaise }: { accountId: string; plan: PricedPlan; pricePaise: number },
  ): Promise<CreateOrderResponse> {
    const { merchantOrderId, billingPeriod } = order;
    const request = {
      merchantOrderId,
      amountPaise: order.amountPaise,
      redirectUrl: `${deps.publicUrl}/api/payment/phonepe/return?order=${merchantOrderId}`,
      expireAfterSeconds: deps.orderLifetimeSeconds,
      userId: accountId,
    };
    const setup = order.mandate;
    if (setup) {
      // each renewal debits the plan's price, fixed at PhonePe as the mandate's amount
      await deps.mandates.create({
        merchantSubscriptionId: setup.merchantSubscriptionId,
        accountId,
        userEmail: order.userEmail,
        plan,
        billingPeriod,
        amountPaise: pricePaise,
        seats: order.seats,
        firm: order.firm,
        setupOrderId: merchantOrderId,
      });
    }
    const checkout = setup
      ? await gateway.setupMandate({
          ...request,
          merchantSubscriptionId: setup.merchantSubscriptionId,
          maxAmountPaise: pricePaise,
          frequency: mandateFrequency(billingPeriod),
        })
      : await gateway.pay(request);
    await orders.update(merchantOrderId, { phonepeOrderId: checkout.orderId });
    return { success: true, paymentUrl: checkout.redirectUrl, merchantOrderId };
  }

  return {
    settle,

    /**
     * The amount comes from the plan, the period and the customer's current plan alone, never from
     * the client: a renewal or a new plan costs its price, an upgrade its price less the unused
     * value of the plan it replaces. An upgrade is the only checkout open while it is open, so two
     * changes never both apply: one asked while another checkout is open, or any asked while an
     * upgrade's is, gets a 409. (Two purchases at once may both be paid; each adds its period.)
     */
    async createOrder(
      account: BillingAccount,
      plan: PricedPlan,
      billingPeriod: BillingPeriod,
      options: { autoRenew?: boolean; seats?: number } = {},
    ): Promise<CreateOrderResponse> {
      const { order, pricePaise } = await recordPricedOrder(account, plan, billingPeriod, options);
      if (order.amountPaise < MIN_CHARGE_PAISE) return settleWithoutCheckout(order);
      return openCheckout(order, { accountId: account.id, plan, pricePaise });
    },

    /** Where the browser lands after PhonePe's page: settle now, then the page that says how it went. */
    async handleReturn(merchantOrderId: string): Promise<string> {
      try {
        const order = await settle(merchantOrderId);
        if (!order) return returnPage(null, 'failed');
        return returnPage(order, order.status === 'completed' ? 'success' : order.status === 'pending' ? 'pending' : 'failed');
      } catch (error) {
        logger.warn({ err: error, merchantOrderId }, 'order could not be settled on return; reconciliation will retry');
        return returnPage(await orders.find(merchantOrderId).catch(() => null), 'pending');
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
