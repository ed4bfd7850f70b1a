import { Router } from 'express';
import { z } from 'zod';
import { createOrderBodySchema, merchantOrderIdSchema, pcPackBodySchema } from '@portal/contracts';
import { validate, type SecurityLog } from '@portal/platform';
import type { AccountGuards } from '../../shared/routes/billing-account';
import type { autopayUseCases } from '../domain/autopay.use-cases';
import type { orderPlacement } from '../domain/order-placement';
import type { paymentUseCases } from '../domain/payment.use-cases';
import type { pcPackOrders } from '../domain/pc-pack-order';
import type { refundUseCases } from '../domain/refund.use-cases';
import type { renewalUseCases } from '../domain/renewal.use-cases';
import { phonePeWebhookAuth } from './phonepe-webhook-auth';

const returnQuery = z.object({ order: merchantOrderIdSchema });
// Only the order's, the refund's or the mandate's id is read from a webhook; everything else is asked of PhonePe again.
const webhookBody = z
  .object({
    event: z.string().max(100).optional(),
    // PhonePe's older name of the event (SUBSCRIPTION_PAUSED), the only one in some of its samples
    type: z.string().max(100).optional(),
    payload: z
      .object({
        merchantOrderId: merchantOrderIdSchema.optional(),
        merchantRefundId: merchantOrderIdSchema.optional(),
        merchantSubscriptionId: merchantOrderIdSchema.optional(),
      })
      .loose(),
  })
  .loose()
  .refine((body) => body.payload.merchantOrderId ?? body.payload.merchantRefundId ?? body.payload.merchantSubscriptionId, 'Unknown order');

type WebhookBody = z.infer<typeof webhookBody>;

/** `SUBSCRIPTION_PAUSED` → `subscription.paused`, the form `event` takes (test/fixtures/phonepe-webhooks). */
const eventOfType = (type = '') => type.toLowerCase().replaceAll('_', '.');

export interface PaymentRoutesDeps {
  orders: ReturnType<typeof orderPlacement> & ReturnType<typeof pcPackOrders>;
  payments: Pick<ReturnType<typeof paymentUseCases>, 'settle' | 'handleReturn'>;
  refunds: ReturnType<typeof refundUseCases>;
  autopay: Pick<ReturnType<typeof autopayUseCases>, 'reflect'>;
  renewals: Pick<ReturnType<typeof renewalUseCases>, 'refresh'>;
  account: AccountGuards;
  webhook: { username: string; password: string };
  securityLog: SecurityLog;
}

export function paymentRoutes({ orders, payments, refunds, autopay, renewals, account, webhook, securityLog }: PaymentRoutesDeps): Router {
  const router = Router();

  /** PhonePe's events (integrations.md), each a nudge to ask PhonePe again about one thing of ours. */
  async function lookAgain({ type, event = eventOfType(type), payload }: WebhookBody): Promise<void> {
    const { merchantOrderId, merchantRefundId, merchantSubscriptionId } = payload;
    if (event.startsWith('pg.refund.') && merchantRefundId) return void (await refunds.settle(merchantRefundId));
    // a renewal's notice and debit (subscription.notification.*, subscription.redemption.order.*)
    if (/^subscription\.(notification|redemption)\./.test(event) && merchantOrderId) return renewals.refresh(merchantOrderId);
    // paused, unpaused, revoked in the customer's UPI app, cancelled
    if (event.startsWith('subscription.') && !event.startsWith('subscription.setup.') && merchantSubscriptionId) {
      return void (await autopay.reflect(merchantSubscriptionId));
    }
    // checkout.order.* and subscription.setup.order.*: a payment, whose setup may carry a mandate
    if (merchantOrderId) await payments.settle(merchantOrderId);
  }

  router.post('/api/payment/create-phonepe-order', ...account.manage, validate('body', createOrderBodySchema), async (req, res) => {
    const { plan, billingPeriod, autoRenew, seats, taxYears, promotionCode } = req.body;
    res.status(201).json(await orders.createOrder(res.locals.account, plan, billingPeriod, { autoRenew, seats, taxYears, promotionCode }));
  });

  // a pack of extra PCs for the plan running now, to its term's end
  router.post('/api/payment/create-pc-pack-order', ...account.manage, validate('body', pcPackBodySchema), async (req, res) => {
    res.status(201).json(await orders.createPcPackOrder(res.locals.account, req.body.pcs));
  });

  router.get('/api/payment/phonepe/return', async (req, res) => {
    const parsed = returnQuery.safeParse(req.query);
    res.redirect(303, parsed.success ? await payments.handleReturn(parsed.data.order) : '/subscription?status=failed');
  });

  router.post(
    '/api/payment/phonepe/webhook',
    phonePeWebhookAuth(webhook.username, webhook.password, () =>
      securityLog({ kind: 'payment-webhook', outcome: 'failure', subject: { type: 'payment' }, reason: 'bad-authorization' }),
    ),
    validate('body', webhookBody),
    async (req, res) => {
      const body = req.body as WebhookBody;
      const { merchantOrderId, merchantRefundId, merchantSubscriptionId } = body.payload;
      const id = merchantRefundId ?? merchantSubscriptionId ?? merchantOrderId;
      const subject = { type: 'payment', ...(id ? { id } : {}) };
      await securityLog({
        kind: 'payment-webhook',
        outcome: 'success',
        subject,
        actor: 'PhonePe',
        reason: body.event ?? eventOfType(body.type),
      });
      await lookAgain(body);
      res.json({ success: true });
    },
  );

  return router;
}
