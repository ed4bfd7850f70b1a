import { creditNoteFileName, REFUND_MESSAGES, type RefundRequest, type RefundView, formatPaise } from '@portal/contracts';
import { badRequest, conflict, isDuplicateKeyError, notFound } from '@portal/platform/errors';
import type { AuditPublisher } from '@portal/platform';
import { composeMail } from '@portal/platform/mail-layout';
import type { Logger } from 'pino';
import { LOCK_KEYS } from '../../shared/lock-keys';
import {
  draftCreditNote,
  issueCreditNote,
  type BillingProfileStore,
  type CreditNoteStore,
  type InvoiceStore,
  type Seller,
} from '../../tax-documents';
import type { Lock, MailSender } from '../../shared/ports';
import type { subscriptionLedger } from '../../subscriptions';
import { toRefundView } from './refund-view';
import type { OrderStore, RefundGateway, RefundRecord, RefundStore } from './ports';

export interface RefundDeps {
  orders: OrderStore;
  refunds: RefundStore;
  invoices: InvoiceStore;
  creditNotes: CreditNoteStore;
  /** The buyer's billing details now: a credit note shows the address the invoice may have lacked. */
  profiles: Pick<BillingProfileStore, 'find'>;
  ledger: Pick<ReturnType<typeof subscriptionLedger>, 'removeRefunded'>;
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

/**
 * Refunds of completed payments through PhonePe's refund API, and their credit notes. A refund is
 * stored as pending before PhonePe is asked, under a merchant refund id derived from the order
 * (`<order>-R1`, `-R2`…), so a retry asks PhonePe with the same id and cannot refund twice.
 */
export function refundUseCases(deps: RefundDeps) {
  const { orders, refunds, creditNotes, gateway, lock, logger } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Asks PhonePe to make the refund. A refusal fails it (nothing was refunded); a gateway that
   * cannot be reached leaves it pending, and reconciliation asks again under the same id.
   */
  async function submit(refund: RefundRecord): Promise<RefundRecord> {
    let accepted: Awaited<ReturnType<RefundGateway['refund']>>;
    try {
      accepted = await gateway.refund({
        merchantRefundId: refund.merchantRefundId,
        merchantOrderId: refund.merchantOrderId,
        amountPaise: refund.amountPaise,
      });
    } catch (error) {
      logger.warn(
        { err: error, merchantRefundId: refund.merchantRefundId },
        'refund not yet accepted by PhonePe; reconciliation will ask again',
      );
      return refund;
    }
    if (!accepted) {
      await fail(refund);
      throw badRequest(REFUND_MESSAGES.failed);
    }
    return (await refunds.update(refund.merchantRefundId, { phonepeRefundId: accepted.refundId })) ?? refund;
  }

  /** CGST Rule 53(1A): the credit note of a buyer without a GSTIN shows their address and state. */
  async function assertCreditNoteBuyer(merchantOrderId: string) {
    const invoice = await deps.invoices.findForOrder(merchantOrderId);
    if (!invoice || invoice.buyer.gstin || (invoice.buyer.address && invoice.buyer.stateCode)) return;
    if (!(await deps.profiles.find(invoice.accountId))) throw conflict(REFUND_MESSAGES.buyerDetailsMissing);
  }

  async function fail(refund: RefundRecord) {
    await refunds.update(refund.merchantRefundId, { state: 'failed', settledAt: now() });
    await syncOrder(refund.merchantOrderId);
  }

  /**
   * The order's refund fields, derived again from its refunds (so a retry or a duplicate webhook
   * cannot count one twice); once the whole amount is back, the plan it bought ends.
   */
  async function syncOrder(merchantOrderId: string) {
    const all = await refunds.forOrders([merchantOrderId]);
    const refundedPaise = all.filter((refund) => refund.state === 'completed').reduce((sum, refund) => sum + refund.amountPaise, 0);
    const order = await orders.update(merchantOrderId, { refundedPaise, refundPending: all.some((refund) => refund.state === 'pending') });
    if (order?.accountId && refundedPaise > 0 && refundedPaise + order.changeCreditedPaise >= order.amountPaise) {
      await deps.ledger.removeRefunded(order.accountId, merchantOrderId);
    }
  }

  /** The order's invoice is credited for the refund, by a credit note issued before the refund is marked done. */
  async function complete(refund: RefundRecord, phonepeRefundId: string | null) {
    const invoice = await deps.invoices.findForOrder(refund.merchantOrderId);
    if (invoice) {
      const draft = draftCreditNote(invoice, { ...refund, phonepeRefundId }, now(), await deps.profiles.find(invoice.accountId));
      await issueCreditNote(lock, deps.seller, creditNotes, draft);
    } else {
      logger.error({ merchantRefundId: refund.merchantRefundId }, 'refunded order has no invoice, so no credit note was issued');
    }
    await refunds.update(refund.merchantRefundId, { state: 'completed', settledAt: now(), phonepeRefundId });
    await syncOrder(refund.merchantOrderId);
    if (invoice) void sendRefundNotice(refund);
  }

  /** Told once the refund is done, with its credit note; a lost e-mail is logged, the refund stands. */
  async function sendRefundNotice(refund: RefundRecord) {
    try {
      const order = await orders.find(refund.merchantOrderId);
      if (!order) return;
      const { number, pdf } = await deps.creditNotePdf(refund.merchantRefundId);
      const message = composeMail(
        {
          subject: `Refund of ${formatPaise(refund.amountPaise)} completed`,
          paragraphs: [
            `We have refunded ${formatPaise(refund.amountPaise)} of your payment for order ${order.merchantOrderId} to the account you paid from. Banks usually show it within 5 to 7 working days.`,
          ],
          facts: [
            ['Amount refunded', formatPaise(refund.amountPaise)],
            ['Order', order.merchantOrderId],
            ['Credit note', number],
          ],
          action: { label: 'See your billing history', url: `${deps.publicUrl}/subscription` },
          after: [`Your GST credit note ${number} is attached.`],
        },
        deps,
      );
      await deps.mail.send({
        to: order.userEmail,
        ...message,
        attachments: [{ filename: creditNoteFileName(number), content: pdf, contentType: 'application/pdf' }],
      });
    } catch (error) {
      logger.error({ err: error, merchantRefundId: refund.merchantRefundId }, 'refund e-mail could not be sent');
    }
  }

  /** Asks PhonePe where a pending refund stands and applies the answer, once. */
  async function settle(merchantRefundId: string): Promise<RefundRecord | null> {
    const known = await refunds.find(merchantRefundId);
    if (!known) {
      logger.warn({ merchantRefundId }, 'settlement asked for a refund we do not know');
      return null;
    }
    return lock(LOCK_KEYS.order(known.merchantOrderId), async () => {
      const refund = (await refunds.find(merchantRefundId))!;
      if (refund.state !== 'pending') {
        await syncOrder(refund.merchantOrderId); // in case the last settlement stopped before it
        return refund;
      }
      const remote = await gateway.refundStatus(merchantRefundId);
      if (!remote) return submit(refund); // our request never reached PhonePe: ask again, same id
      if (remote.state === 'COMPLETED') await complete(refund, remote.refundId);
      else if (remote.state === 'FAILED') await fail(refund);
      return refunds.find(merchantRefundId);
    });
  }

  return {
    settle,

    async request(merchantOrderId: string, { amount, reason }: RefundRequest, adminEmail: string): Promise<RefundRecord> {
      const refund = await lock(LOCK_KEYS.order(merchantOrderId), async () => {
        const order = await orders.find(merchantOrderId);
        if (!order) throw notFound(REFUND_MESSAGES.unknownOrder);
        if (order.status !== 'completed') throw conflict(REFUND_MESSAGES.notCompleted);
        if (order.refundPending) throw conflict(REFUND_MESSAGES.inFlight);
        const amountPaise = Math.round(amount * 100);
        const leftPaise = order.amountPaise - order.refundedPaise - order.changeCreditedPaise;
        if (amountPaise > leftPaise) throw badRequest(REFUND_MESSAGES.tooMuch(formatPaise(leftPaise)));
        await assertCreditNoteBuyer(merchantOrderId);
        const previous = await refunds.forOrders([merchantOrderId]);
        // the refund's id is unique in the store: a second request that got past a lost lock is refused there
        const created = await refunds
          .create({
            merchantRefundId: `${merchantOrderId}-R${previous.length + 1}`,
            merchantOrderId,
            accountId: order.accountId,
            amountPaise,
            reason,
            requestedBy: adminEmail,
          })
          .catch((error: unknown) => {
            throw isDuplicateKeyError(error) ? conflict(REFUND_MESSAGES.inFlight) : error;
          });
        await orders.update(merchantOrderId, { refundPending: true });
        return submit(created);
      });
      await deps.audit({
        actor: adminEmail,
        action: 'payment.refund_requested',
        target: { type: 'payment', id: merchantOrderId },
        after: { merchantRefundId: refund.merchantRefundId, amount, reason },
      });
      return refund;
    },

    /** The payment's refunds, oldest first, each with its credit note once issued. */
    async views(merchantOrderId: string): Promise<RefundView[]> {
      const found = await refunds.forOrders([merchantOrderId]);
      return Promise.all(found.map(async (refund) => toRefundView(refund, await creditNotes.findForRefund(refund.merchantRefundId))));
    },

    /** Settles refunds still pending after `olderThanMs`: the webhook may never have come. */
    async reconcile(olderThanMs: number): Promise<number> {
      let settled = 0;
      for (const refund of await refunds.pending(new Date(now().getTime() - olderThanMs), 200)) {
        try {
          if ((await settle(refund.merchantRefundId))?.state !== 'pending') settled++;
        } catch (error) {
          logger.warn({ err: error, merchantRefundId: refund.merchantRefundId }, 'reconciliation of a refund failed; will retry');
        }
      }
      return settled;
    },
  };
}
