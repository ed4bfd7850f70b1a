import { randomBytes } from 'node:crypto';
import {
  AUTOPAY_MESSAGES,
  autopayEligible,
  formatIndianDate,
  formatRupees,
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
import { MIN_CHARGE_PAISE, subscriptionLockKey, type planChangeUseCases, type subscriptionLedger } from '../../subscriptions';
import type { InvoiceRecord, invoiceUseCases } from '../../tax-documents';
import type { BillingAccount, Lock, MailSender } from '../../shared/ports';
import { assertSeatsFit } from '../../shared/seat-rules';
import { newMerchantSubscriptionId } from './autopay.use-cases';
import type { MandateGateway, MandateStore, OrderRecord, OrderStore, PaymentGateway } from './ports';

export interface PaymentDeps {
  orders: OrderStore;
  ledger: Pick<ReturnType<typeof subscriptionLedger>, 'credit'>;
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

/** Settling, crediting and refunding one order are serialised on this key. */
export const orderLockKey = (merchantOrderId: string) => `lock:order:${merchantOrderId}`;

/** Ours, unique, and within PhonePe's rules (≤ 63 characters of letters, digits, _ and -). */
const newMerchantOrderId = () => `TPP-${Date.now().toString(36).toUpperCase()}-${randomBytes(6).toString('hex').toUpperCase()}`;

export function paymentUseCases(deps: PaymentDeps) {
  const { orders, gateway, lock, logger } = deps;
  const now = deps.now ?? (() => new Date());

  async function credit(order: OrderRecord): Promise<void> {
    if (!order.userId) return; // the user was deleted meanwhile; the payment stays on record
    const userId = order.userId;
    const issued: { invoice?: InvoiceRecord } = {};
    const { subscription, newlyCredited } = await deps.ledger.credit({ ...order, userId }, async (invoicePeriod) => {
      // The documents first: if crediting stops after them, the retried credit finds them and goes
      // on, so no credited order is ever without its invoice.
      const credit = await creditReplacedPlans(order);
      const invoice = await deps.invoices.issueFor(
        { ...order, userId, amountPaise: order.change?.valuePaise ?? order.amountPaise, ...(credit ? { credit } : {}) },
        invoicePeriod,
      );
      await orders.update(order.merchantOrderId, {
        invoiceNumber: invoice.number,
        taxablePaise: invoice.taxablePaise,
        taxPaise: invoice.totalPaise - invoice.taxablePaise,
      });
      issued.invoice = invoice;
    });
    if (newlyCredited && issued.invoice) void sendReceipt(order, subscription.subscriptionEndDate, issued.invoice);
    await orders.update(order.merchantOrderId, { credited: true });
  }

  /**
   * An upgrade's credit notes: one for the unused value of each order whose plan it ends, reducing
   * that order's invoice (CGST s.34). The upgrade's invoice sets them against its total.
   */
  async function creditReplacedPlans(order: OrderRecord): Promise<{ paise: number; creditNoteNumbers: string[] } | null> {
    if (!order.change) return null;
    const numbers: string[] = [];
    let paise = 0;
    for (const [index, credit] of order.change.credits.entries()) {
      if (!credit.merchantOrderId || credit.paise <= 0) continue;
      const note = await deps.invoices.creditUnusedValue({
        merchantOrderId: credit.merchantOrderId,
        key: `${order.merchantOrderId}-C${index + 1}`,
        paise: credit.paise,
        reason: `Upgraded to ${planTitle(order.plan)} (${order.billingPeriod}) by order ${order.merchantOrderId}.`,
      });
      if (!note) continue;
      await orders.update(credit.merchantOrderId, { changeCreditedPaise: credit.paise });
      numbers.push(note.number);
      paise += credit.paise;
    }
    return { paise, creditNoteNumbers: numbers };
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
                ['Amount', formatRupees(order.amount)],
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
    const settled = await lock(orderLockKey(merchantOrderId), async () => {
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
      { autoRenew = false, seats = 1 }: { autoRenew?: boolean; seats?: number } = {},
    ): Promise<CreateOrderResponse> {
      assertSeatsFit(account.firm, seats);
      const user = { userId: account.id, email: account.email };
      const firm = account.firm ? { id: account.firm.id, name: account.firm.name } : null;
      const { created, pricePaise } = await lock(subscriptionLockKey(user.userId), async () => {
        const quote = await deps.changes.quote(user.userId, plan, billingPeriod, { seats, firm: firm !== null });
        if (quote.kind === 'switch') throw conflict(PLAN_CHANGE_MESSAGES.switchNotPaid);
        if (autoRenew && !autopayEligible(quote.pricePaise)) throw badRequest(AUTOPAY_MESSAGES.notEligibleError);
        await deps.invoices.assertBuyerDetails(user.userId, {
          invoicePaise: quote.terms?.valuePaise ?? quote.pricePaise,
          creditNote: (quote.terms?.credits ?? []).some((credit) => credit.merchantOrderId !== null && credit.paise > 0),
        });
        const pending = await orders.pendingOf(user.userId, now());
        if (quote.kind === 'upgrade' ? pending.checkout : pending.upgrade) throw conflict(PLAN_CHANGE_MESSAGES.inProgress);
        // a payment now and the mandate's debit of the same end would both add a period
        if (pending.renewal) throw conflict(AUTOPAY_MESSAGES.renewalUnderWay);
        // a mandate is set up by its first payment; one the credit pays for has none to set it up with
        const merchantSubscriptionId = autoRenew && quote.amountDuePaise >= MIN_CHARGE_PAISE ? newMerchantSubscriptionId() : null;
        const order = await orders.create({
          merchantOrderId: newMerchantOrderId(),
          userId: user.userId,
          userEmail: user.email,
          plan,
          billingPeriod,
          seats,
          firm,
          amount: quote.amountDuePaise / 100,
          amountPaise: quote.amountDuePaise,
          expireAt: new Date(now().getTime() + deps.orderLifetimeSeconds * 1000),
          change: quote.terms,
          mandate: merchantSubscriptionId ? { merchantSubscriptionId, role: 'setup' } : null,
        });
        return { created: order, pricePaise: quote.pricePaise };
      });
      const { merchantOrderId } = created;
      if (created.amountPaise < MIN_CHARGE_PAISE) {
        // an upgrade its credit pays for: nothing to collect, so no checkout
        const completed = await lock(orderLockKey(merchantOrderId), () =>
          orders.update(merchantOrderId, { status: 'completed', completedAt: now() }),
        );
        if (completed) {
          await credit(completed);
          await deps.onSettled?.(completed);
        }
        return { success: true, paymentUrl: `${deps.publicUrl}${returnPage(created, 'success')}`, merchantOrderId };
      }
      const request = {
        merchantOrderId,
        amountPaise: created.amountPaise,
        redirectUrl: `${deps.publicUrl}/api/payment/phonepe/return?order=${merchantOrderId}`,
        expireAfterSeconds: deps.orderLifetimeSeconds,
        userId: user.userId,
      };
      const setup = created.mandate;
      if (setup) {
        // each renewal debits the plan's price, fixed at PhonePe as the mandate's amount
        await deps.mandates.create({
          merchantSubscriptionId: setup.merchantSubscriptionId,
          userId: user.userId,
          userEmail: user.email,
          plan,
          billingPeriod,
          amountPaise: pricePaise,
          seats,
          firm,
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
