'use strict';
// A local stand-in for the PhonePe PG sandbox (Standard Checkout v2 and Autopay subscriptions), used
// by `npm start` when no PhonePe credentials are configured, and by the tests. It implements the
// documented contract: the O-Bearer token, pay, order status, refund and refund status, a hosted
// checkout page; a subscription's setup through checkout, its status and cancel, the redemption's
// notify, redeem and order status, with PhonePe's rule that a debit comes at least 24 hours after
// its notice; a page standing for the customer's UPI app (pause, resume, revoke a mandate); and
// webhooks authenticated with SHA256(username:password). The billing service talks to it with the
// same client it uses against PhonePe.
const http = require('node:http');
const crypto = require('node:crypto');

const sha256 = (text) => crypto.createHash('sha256').update(text).digest('hex');
const randomId = (prefix) => `${prefix}${Date.now()}${crypto.randomBytes(6).toString('hex').toUpperCase()}`;
const MERCHANT_ORDER_ID = /^[A-Za-z0-9_-]{1,63}$/;

function readBody(req) {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

function send(res, status, body, headers = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY', 'FORTNIGHTLY', 'BIMONTHLY', 'ON_DEMAND', 'QUARTERLY', 'HALFYEARLY'];
const PAGE_STYLE = `body{font-family:system-ui,sans-serif;background:#f3effa;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:12px;padding:32px;max-width:420px;box-shadow:0 4px 24px #0002}h1{color:#5f259f;font-size:1.3rem}
button{display:block;width:100%;padding:12px;margin-top:12px;border:0;border-radius:8px;font-size:1rem;cursor:pointer}
.pay{background:#5f259f;color:#fff}.fail{background:#eee;color:#333}`;

/** The customer's UPI app, as far as mandates go: each one, with pause, resume and revoke. */
function upiAppPage(mandates) {
  const rows = mandates
    .map(
      (m) => `<section><p>Mandate <strong>${escapeHtml(m.merchantSubscriptionId)}</strong>: ${escapeHtml(m.state)}</p>
<form method="post" action="/upi-app"><input type="hidden" name="subscription" value="${escapeHtml(m.merchantSubscriptionId)}">
${m.state === 'ACTIVE' ? '<button class="fail" name="action" value="pause">Pause</button><button class="fail" name="action" value="revoke">Remove Autopay</button>' : ''}
${m.state === 'PAUSED' ? '<button class="pay" name="action" value="unpause">Resume</button>' : ''}</form></section>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>UPI app (test)</title><style>${PAGE_STYLE}</style></head>
<body><main><h1>UPI app: Autopay mandates</h1><p>This is the local PhonePe stand-in. No money moves.</p>${rows || '<p>No mandates.</p>'}</main></body></html>`;
}

function checkoutPage(order, action) {
  const rupees = (order.amount / 100).toLocaleString('en-IN', { style: 'currency', currency: 'INR' });
  const mandate = order.subscriptionDetails;
  const maxRupees = mandate && (mandate.maxAmount / 100).toLocaleString('en-IN', { style: 'currency', currency: 'INR' });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>PhonePe test checkout</title>
<style>${PAGE_STYLE}</style></head>
<body><main><h1>PhonePe test checkout</h1><p>This is the local PhonePe stand-in. No money moves.</p>
<p>Order <strong>${escapeHtml(order.merchantOrderId)}</strong></p><p>Amount <strong>${escapeHtml(rupees)}</strong></p>
${
  mandate
    ? `<p>UPI Autopay mandate <strong>${escapeHtml(mandate.merchantSubscriptionId)}</strong>: ${escapeHtml(mandate.frequency)}, up to <strong>${escapeHtml(maxRupees)}</strong> a debit.</p>
<form method="post" action="${escapeHtml(action)}"><button class="pay" name="outcome" value="success">Approve the mandate and pay ${escapeHtml(rupees)}</button>
<button class="fail" name="outcome" value="failure">Decline the mandate</button></form>`
    : `<form method="post" action="${escapeHtml(action)}"><button class="pay" name="outcome" value="success">Pay ${escapeHtml(rupees)}</button>
<button class="fail" name="outcome" value="failure">Fail the payment</button></form>`
}</main></body></html>`;
}

/**
 * options: clientId, clientSecret, clientVersion, webhookUrl, webhookUsername, webhookPassword,
 * tokenLifetimeSeconds, port, refundOutcome; `host`, the address it listens on (127.0.0.1 unless
 * it runs in a container), and `publicUrl`, where the buyer's browser reaches its checkout page
 * when that is not where the merchant's server called it (a container's published port);
 * `onWebhook({ event, merchantOrderId, status })`, told how the merchant answered each checkout webhook.
 */
async function startPhonePeStandIn(options) {
  const { clientId, clientSecret, clientVersion = '1', webhookUsername, webhookPassword, tokenLifetimeSeconds = 3600, port = 0 } = options;
  let webhookUrl = options.webhookUrl;
  const tokens = new Map(); // access_token -> expires_at (s)
  const orders = new Map(); // merchantOrderId -> order
  const byCheckoutToken = new Map();
  const refunds = new Map(); // merchantRefundId -> refund
  const mandates = new Map(); // merchantSubscriptionId -> subscription
  // the subscription rules' clock (a debit ≥ 24 hours after its notice): the tests' own, to move it
  const clock = options.now ?? (() => Date.now());
  let redemptionOutcome = options.redemptionOutcome ?? 'COMPLETED'; // or 'FAILED', or 'hold'
  let refundOutcome = options.refundOutcome ?? 'COMPLETED'; // or 'FAILED', or 'hold' (settled by the test)
  const calls = [];
  // An unwell PhonePe, for the resilience scenarios: each API answer waits, and some fail with a 5xx.
  let faults = { delayMs: 0, failRate: 0 };

  const authorised = (req) => {
    const [scheme, token] = (req.headers.authorization ?? '').split(' ');
    const expiresAt = tokens.get(token);
    return scheme === 'O-Bearer' && expiresAt !== undefined && expiresAt > Date.now() / 1000;
  };

  const statusBody = (order) => ({
    orderId: order.orderId,
    merchantId: 'STANDINMERCHANT',
    merchantOrderId: order.merchantOrderId,
    state: order.state,
    amount: order.reportedAmount ?? order.amount,
    expireAt: order.expireAt,
    metaInfo: order.metaInfo,
    ...(order.paymentFlow ? { paymentFlow: order.paymentFlow } : {}),
    paymentDetails: order.attempts,
  });

  const mandateBody = (mandate) => ({
    merchantSubscriptionId: mandate.merchantSubscriptionId,
    subscriptionId: mandate.subscriptionId,
    state: mandate.state,
    authWorkflowType: mandate.authWorkflowType,
    amountType: mandate.amountType,
    maxAmount: mandate.maxAmount,
    frequency: mandate.frequency,
    expireAt: mandate.expireAt,
  });

  async function postWebhook(event, payload, authorization) {
    if (!webhookUrl) return undefined;
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: authorization ?? sha256(`${webhookUsername}:${webhookPassword}`) },
      body: JSON.stringify({ event, type: event.toUpperCase().replaceAll('.', '_'), payload }),
    }).catch((error) => ({ status: 0, error }));
    return response.status;
  }

  /** The customer pauses, resumes or revokes a mandate in their UPI app; PhonePe tells the merchant. */
  async function changeMandate(merchantSubscriptionId, action, { webhook = true } = {}) {
    const mandate = mandates.get(merchantSubscriptionId);
    if (!mandate) throw new Error(`unknown subscription ${merchantSubscriptionId}`);
    const next = { pause: ['ACTIVE', 'PAUSED'], unpause: ['PAUSED', 'ACTIVE'], revoke: ['ACTIVE', 'REVOKED'] }[action];
    if (!next) throw new Error(`unknown action ${action}`);
    if (mandate.state === next[0]) mandate.state = next[1];
    const event = { pause: 'subscription.paused', unpause: 'subscription.unpaused', revoke: 'subscription.revoked' }[action];
    if (webhook) await postWebhook(event, mandateBody(mandate));
    return mandate;
  }

  /** Ends a redemption's debit as PhonePe would (after its own retries), and tells the merchant. */
  async function settleRedemption(merchantOrderId, state, { webhook = true } = {}) {
    const order = orders.get(merchantOrderId);
    if (!order || order.flow !== 'redemption') throw new Error(`unknown redemption ${merchantOrderId}`);
    if (order.state === 'PENDING') {
      order.state = state;
      order.attempts.push({
        paymentMode: 'UPI_AUTO_PAY',
        transactionId: randomId('OM'),
        timestamp: clock(),
        amount: order.amount,
        state,
        ...(state === 'FAILED' ? { errorCode: 'INSUFFICIENT_FUNDS', detailedErrorCode: 'U30' } : {}),
      });
    }
    const event = order.state === 'COMPLETED' ? 'subscription.redemption.order.completed' : 'subscription.redemption.order.failed';
    if (webhook && (order.state === 'COMPLETED' || order.state === 'FAILED')) await postWebhook(event, statusBody(order));
    return order;
  }

  /** Settles an order as the checkout page would; `webhook: false` simulates a lost webhook. */
  async function settle(merchantOrderId, outcome, { webhook = true } = {}) {
    const order = orders.get(merchantOrderId);
    if (!order) throw new Error(`unknown order ${merchantOrderId}`);
    if (order.state === 'PENDING') {
      const state = outcome === 'success' ? 'COMPLETED' : 'FAILED';
      order.attempts.push({
        paymentMode: 'UPI_QR',
        transactionId: randomId('OM'),
        timestamp: Date.now(),
        amount: order.amount,
        state,
        ...(state === 'FAILED' ? { errorCode: 'PAYMENT_DECLINED', detailedErrorCode: 'TXN_DECLINED_BY_USER' } : {}),
      });
      order.state = state;
      const mandate = order.subscriptionDetails && mandates.get(order.subscriptionDetails.merchantSubscriptionId);
      if (mandate && mandate.state === 'ACTIVATION_IN_PROGRESS') mandate.state = state === 'COMPLETED' ? 'ACTIVE' : 'FAILED';
    }
    if (webhook) await sendWebhook(merchantOrderId);
    return order;
  }

  /** Ends a pending refund as PhonePe would, and tells the merchant's webhook. */
  async function settleRefund(merchantRefundId, state, { webhook = true } = {}) {
    const refund = refunds.get(merchantRefundId);
    if (!refund) throw new Error(`unknown refund ${merchantRefundId}`);
    if (refund.state === 'PENDING') Object.assign(refund, { state, timestamp: Date.now() });
    if (webhook) await sendRefundWebhook(merchantRefundId);
    return refund;
  }

  async function sendRefundWebhook(merchantRefundId) {
    const refund = refunds.get(merchantRefundId);
    if (!webhookUrl || !refund) return undefined;
    const event =
      refund.state === 'COMPLETED' ? 'pg.refund.completed' : refund.state === 'FAILED' ? 'pg.refund.failed' : 'pg.refund.accepted';
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: sha256(`${webhookUsername}:${webhookPassword}`) },
      body: JSON.stringify({ event, payload: refund }),
    }).catch((error) => ({ status: 0, error }));
    return response.status;
  }

  /** Posts the order's event to the merchant's webhook, as PhonePe does (and may do twice). */
  async function sendWebhook(merchantOrderId, { authorization } = {}) {
    const order = orders.get(merchantOrderId);
    if (!webhookUrl || !order) return undefined;
    if (order.subscriptionDetails) {
      const event = order.state === 'COMPLETED' ? 'subscription.setup.order.completed' : 'subscription.setup.order.failed';
      return postWebhook(event, statusBody(order), authorization);
    }
    const event = order.state === 'COMPLETED' ? 'checkout.order.completed' : 'checkout.order.failed';
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: authorization ?? sha256(`${webhookUsername}:${webhookPassword}`) },
      body: JSON.stringify({
        event,
        type: event === 'checkout.order.completed' ? 'CHECKOUT_ORDER_COMPLETED' : 'CHECKOUT_ORDER_FAILED',
        payload: statusBody(order),
      }),
    }).catch((error) => ({ status: 0, error }));
    options.onWebhook?.({ event, merchantOrderId, status: response.status });
    return response.status;
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://stand-in');
    calls.push(`${req.method} ${url.pathname}`);
    try {
      if (faults.delayMs) await new Promise((resolve) => setTimeout(resolve, faults.delayMs));
      if (!url.pathname.startsWith('/checkout/pay') && Math.random() < faults.failRate) {
        return send(res, 503, { code: 'INTERNAL_SERVER_ERROR', message: 'Service unavailable' });
      }
      if (req.method === 'POST' && url.pathname === '/v1/oauth/token') {
        const form = new URLSearchParams(await readBody(req));
        if (
          form.get('grant_type') !== 'client_credentials' ||
          form.get('client_id') !== clientId ||
          form.get('client_secret') !== clientSecret ||
          form.get('client_version') !== String(clientVersion)
        ) {
          return send(res, 401, { code: 'AUTHORIZATION_FAILED', message: 'Client authentication failed' });
        }
        const issuedAt = Math.floor(Date.now() / 1000);
        const accessToken = crypto.randomBytes(24).toString('base64url');
        tokens.set(accessToken, issuedAt + tokenLifetimeSeconds);
        return send(res, 200, {
          access_token: accessToken,
          encrypted_access_token: accessToken,
          expires_in: null,
          issued_at: issuedAt,
          expires_at: issuedAt + tokenLifetimeSeconds,
          session_expires_at: issuedAt + tokenLifetimeSeconds,
          token_type: 'O-Bearer',
        });
      }

      if (url.pathname === '/checkout/pay') {
        const order = byCheckoutToken.get(url.searchParams.get('token'));
        if (!order) return send(res, 404, { code: 'NOT_FOUND', message: 'Unknown checkout' });
        if (req.method === 'GET') {
          res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
          return res.end(checkoutPage(order, `${url.pathname}${url.search}`));
        }
        if (req.method === 'POST') {
          const outcome = new URLSearchParams(await readBody(req)).get('outcome');
          if (outcome !== 'success' && outcome !== 'failure')
            return send(res, 400, { code: 'BAD_REQUEST', message: 'outcome must be success or failure' });
          await settle(order.merchantOrderId, outcome);
          res.writeHead(303, { Location: order.redirectUrl });
          return res.end();
        }
      }

      if (url.pathname === '/upi-app') {
        if (req.method === 'POST') {
          const form = new URLSearchParams(await readBody(req));
          if (!mandates.has(form.get('subscription')) || !['pause', 'unpause', 'revoke'].includes(form.get('action'))) {
            return send(res, 400, { code: 'BAD_REQUEST', message: 'Unknown mandate or action' });
          }
          await changeMandate(form.get('subscription'), form.get('action'));
          res.writeHead(303, { Location: '/upi-app' });
          return res.end();
        }
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        return res.end(upiAppPage([...mandates.values()]));
      }

      if (!authorised(req)) return send(res, 401, { code: 'UNAUTHORIZED', message: 'Invalid or expired O-Bearer token' });

      if (req.method === 'POST' && url.pathname === '/checkout/v2/pay') {
        const body = JSON.parse((await readBody(req)) || '{}');
        const redirectUrl = body.paymentFlow?.merchantUrls?.redirectUrl;
        const setup = body.paymentFlow?.type === 'SUBSCRIPTION_CHECKOUT_SETUP' ? body.paymentFlow.subscriptionDetails : null;
        if (
          !MERCHANT_ORDER_ID.test(body.merchantOrderId ?? '') ||
          !Number.isInteger(body.amount) ||
          body.amount < 100 ||
          !['PG_CHECKOUT', 'SUBSCRIPTION_CHECKOUT_SETUP'].includes(body.paymentFlow?.type) ||
          !redirectUrl
        ) {
          return send(res, 400, { code: 'BAD_REQUEST', message: 'Invalid pay request' });
        }
        if (
          setup !== null &&
          (typeof setup !== 'object' ||
            setup.subscriptionType !== 'RECURRING' ||
            !MERCHANT_ORDER_ID.test(setup.merchantSubscriptionId ?? '') ||
            !['TRANSACTION', 'PENNY_DROP'].includes(setup.authWorkflowType) ||
            !['FIXED', 'VARIABLE'].includes(setup.amountType) ||
            !Number.isInteger(setup.maxAmount) ||
            setup.maxAmount < body.amount ||
            !FREQUENCIES.includes(setup.frequency))
        ) {
          return send(res, 400, { code: 'BAD_REQUEST', message: 'Invalid subscription details' });
        }
        if (orders.has(body.merchantOrderId)) return send(res, 409, { code: 'DUPLICATE_ORDER', message: 'merchantOrderId already used' });
        if (setup && mandates.has(setup.merchantSubscriptionId)) {
          return send(res, 409, { code: 'DUPLICATE_SUBSCRIPTION', message: 'merchantSubscriptionId already used' });
        }
        if (setup) {
          mandates.set(setup.merchantSubscriptionId, {
            merchantSubscriptionId: setup.merchantSubscriptionId,
            subscriptionId: randomId('OMS'),
            state: 'ACTIVATION_IN_PROGRESS',
            authWorkflowType: setup.authWorkflowType,
            amountType: setup.amountType,
            maxAmount: setup.maxAmount,
            frequency: setup.frequency,
            expireAt: setup.expireAt ?? clock() + 30 * 365 * 86_400_000,
          });
        }
        const checkoutToken = crypto.randomBytes(16).toString('hex');
        const order = {
          orderId: randomId('OMO'),
          merchantOrderId: body.merchantOrderId,
          amount: body.amount,
          state: 'PENDING',
          expireAt: Date.now() + (body.expireAfter ?? 1200) * 1000,
          metaInfo: body.metaInfo,
          redirectUrl,
          attempts: [],
          ...(setup
            ? {
                subscriptionDetails: setup,
                paymentFlow: {
                  type: 'SUBSCRIPTION_CHECKOUT_SETUP',
                  ...setup,
                  subscriptionId: mandates.get(setup.merchantSubscriptionId).subscriptionId,
                },
              }
            : {}),
        };
        orders.set(order.merchantOrderId, order);
        byCheckoutToken.set(checkoutToken, order);
        return send(res, 200, {
          orderId: order.orderId,
          state: 'PENDING',
          expireAt: order.expireAt,
          redirectUrl: `${options.publicUrl ?? `http://${req.headers.host}`}/checkout/pay?token=${checkoutToken}`,
        });
      }

      const status = /^\/checkout\/v2\/order\/([^/]+)\/status$/.exec(url.pathname);
      if (req.method === 'GET' && status) {
        const order = orders.get(decodeURIComponent(status[1]));
        if (!order) return send(res, 404, { code: 'ORDER_NOT_FOUND', message: 'No order with this merchantOrderId' });
        if (order.state === 'PENDING' && order.expireAt <= Date.now()) order.state = 'FAILED';
        return send(res, 200, statusBody(order));
      }

      const subscriptionStatus = /^\/subscriptions\/v2\/([^/]+)\/status$/.exec(url.pathname);
      if (req.method === 'GET' && subscriptionStatus) {
        const mandate = mandates.get(decodeURIComponent(subscriptionStatus[1]));
        return mandate ? send(res, 200, mandateBody(mandate)) : send(res, 404, { code: 'NOT_FOUND', message: 'No such subscription' });
      }

      const subscriptionCancel = /^\/subscriptions\/v2\/([^/]+)\/cancel$/.exec(url.pathname);
      if (req.method === 'POST' && subscriptionCancel) {
        const mandate = mandates.get(decodeURIComponent(subscriptionCancel[1]));
        if (!mandate) return send(res, 404, { code: 'NOT_FOUND', message: 'No such subscription' });
        if (!['ACTIVE', 'PAUSED'].includes(mandate.state))
          return send(res, 400, { code: 'INVALID_STATE', message: `Subscription is ${mandate.state}` });
        mandate.state = 'CANCELLED';
        setImmediate(() => void postWebhook('subscription.cancelled', mandateBody(mandate)));
        res.writeHead(204);
        return res.end();
      }

      if (req.method === 'POST' && url.pathname === '/subscriptions/v2/notify') {
        const body = JSON.parse((await readBody(req)) || '{}');
        const flow = body.paymentFlow ?? {};
        const mandate = mandates.get(flow.merchantSubscriptionId);
        if (
          !MERCHANT_ORDER_ID.test(body.merchantOrderId ?? '') ||
          flow.type !== 'SUBSCRIPTION_REDEMPTION' ||
          !Number.isInteger(body.amount) ||
          body.amount < 100 ||
          !mandate ||
          body.amount > mandate.maxAmount ||
          (flow.autoDebit === true && flow.redemptionRetryStrategy === 'CUSTOM')
        ) {
          return send(res, 400, { code: 'BAD_REQUEST', message: 'Invalid notify request' });
        }
        if (mandate.state !== 'ACTIVE')
          return send(res, 400, { code: 'SUBSCRIPTION_NOT_ACTIVE', message: `Subscription is ${mandate.state}` });
        if (orders.has(body.merchantOrderId)) return send(res, 409, { code: 'DUPLICATE_ORDER', message: 'merchantOrderId already used' });
        const order = {
          flow: 'redemption',
          orderId: randomId('OMO'),
          merchantOrderId: body.merchantOrderId,
          amount: body.amount,
          state: 'NOTIFICATION_IN_PROGRESS',
          expireAt: body.expireAt ?? clock() + 48 * 3_600_000,
          metaInfo: body.metaInfo,
          paymentFlow: {
            type: 'SUBSCRIPTION_REDEMPTION',
            merchantSubscriptionId: mandate.merchantSubscriptionId,
            autoDebit: Boolean(flow.autoDebit),
          },
          attempts: [],
          notifiedAt: null,
        };
        orders.set(order.merchantOrderId, order);
        // PhonePe tells the customer, then the merchant (subscription.notification.completed)
        setImmediate(() => {
          order.state = 'NOTIFIED';
          order.notifiedAt = clock();
          void postWebhook('subscription.notification.completed', statusBody(order));
        });
        return send(res, 200, { orderId: order.orderId, state: order.state, expireAt: order.expireAt });
      }

      if (req.method === 'POST' && url.pathname === '/subscriptions/v2/redeem') {
        const body = JSON.parse((await readBody(req)) || '{}');
        const order = orders.get(body.merchantOrderId);
        if (!order || order.flow !== 'redemption') return send(res, 404, { code: 'ORDER_NOT_FOUND', message: 'No such redemption' });
        const mandate = mandates.get(order.paymentFlow.merchantSubscriptionId);
        if (order.state !== 'NOTIFIED') return send(res, 400, { code: 'INVALID_STATE', message: `Redemption is ${order.state}` });
        if (clock() < order.notifiedAt + 24 * 3_600_000) {
          return send(res, 400, { code: 'REDEMPTION_TOO_EARLY', message: 'A redemption runs at least 24 hours after its notification' });
        }
        if (mandate.state !== 'ACTIVE')
          return send(res, 400, { code: 'SUBSCRIPTION_NOT_ACTIVE', message: `Subscription is ${mandate.state}` });
        order.state = 'PENDING';
        const transactionId = randomId('OM');
        if (redemptionOutcome !== 'hold') setImmediate(() => void settleRedemption(order.merchantOrderId, redemptionOutcome));
        return send(res, 200, { state: 'PENDING', transactionId });
      }

      const redemptionStatus = /^\/subscriptions\/v2\/order\/([^/]+)\/status$/.exec(url.pathname);
      if (req.method === 'GET' && redemptionStatus) {
        const order = orders.get(decodeURIComponent(redemptionStatus[1]));
        if (!order || order.flow !== 'redemption') return send(res, 404, { code: 'ORDER_NOT_FOUND', message: 'No such order' });
        if (!['COMPLETED', 'FAILED'].includes(order.state) && order.expireAt <= clock()) order.state = 'FAILED';
        return send(res, 200, statusBody(order));
      }

      if (req.method === 'POST' && url.pathname === '/payments/v2/refund') {
        const body = JSON.parse((await readBody(req)) || '{}');
        const existing = refunds.get(body.merchantRefundId);
        if (existing) return send(res, 200, { refundId: existing.refundId, amount: existing.amount, state: existing.state });
        const order = orders.get(body.originalMerchantOrderId);
        const refunded = [...refunds.values()]
          .filter((refund) => refund.originalMerchantOrderId === body.originalMerchantOrderId && refund.state !== 'FAILED')
          .reduce((sum, refund) => sum + refund.amount, 0);
        if (
          !MERCHANT_ORDER_ID.test(body.merchantRefundId ?? '') ||
          !order ||
          order.state !== 'COMPLETED' ||
          !Number.isInteger(body.amount) ||
          body.amount < 100 ||
          body.amount > order.amount - refunded
        ) {
          return send(res, 400, { code: 'BAD_REQUEST', message: 'Invalid refund request' });
        }
        const refund = {
          merchantRefundId: body.merchantRefundId,
          refundId: randomId('OMR'),
          originalMerchantOrderId: body.originalMerchantOrderId,
          amount: body.amount,
          state: 'PENDING',
          timestamp: Date.now(),
        };
        refunds.set(body.merchantRefundId, refund);
        // PhonePe accepts a refund as PENDING and settles it later; by default the stand-in settles
        // it at once after answering, with its webhook, unless a test holds refunds to settle them itself.
        if (refundOutcome !== 'hold') setImmediate(() => void settleRefund(body.merchantRefundId, refundOutcome));
        return send(res, 200, { refundId: refund.refundId, amount: refund.amount, state: 'PENDING' });
      }

      const refundStatus = /^\/payments\/v2\/refund\/([^/]+)\/status$/.exec(url.pathname);
      if (req.method === 'GET' && refundStatus) {
        const refund = refunds.get(decodeURIComponent(refundStatus[1]));
        return refund ? send(res, 200, refund) : send(res, 404, { code: 'NOT_FOUND', message: 'No such refund' });
      }

      return send(res, 404, { code: 'NOT_FOUND', message: 'No such API' });
    } catch (error) {
      return send(res, 500, { code: 'INTERNAL_SERVER_ERROR', message: error.message });
    }
  });

  await new Promise((resolve) => server.listen(port, options.host ?? '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${server.address().port}`;
  return {
    baseUrl,
    orders,
    calls,
    settle,
    sendWebhook,
    /** Where webhooks go; set once the merchant's address is known. */
    setWebhookUrl: (url) => (webhookUrl = url),
    /** Makes the status call report another amount than was ordered (a tampered payment). */
    reportAmount: (merchantOrderId, amount) => (orders.get(merchantOrderId).reportedAmount = amount),
    refunds,
    settleRefund,
    sendRefundWebhook,
    /** How the next refunds end: 'COMPLETED' or 'FAILED' right after they are accepted, or 'hold' them pending. */
    setRefundOutcome: (outcome) => (refundOutcome = outcome),
    mandates,
    changeMandate,
    settleRedemption,
    /** How the next debits end: 'COMPLETED' or 'FAILED' right after they are asked, or 'hold' them pending. */
    setRedemptionOutcome: (outcome) => (redemptionOutcome = outcome),
    /** Makes every API answer wait `delayMs` and fail with a 503 at `failRate` (0 to 1); zeros heal it. */
    setFaults: ({ delayMs = 0, failRate = 0 } = {}) => (faults = { delayMs, failRate }),
    /** Ends every issued token, as if they had expired. */
    expireTokens: () => tokens.clear(),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

module.exports = { startPhonePeStandIn, webhookAuthorization: (username, password) => sha256(`${username}:${password}`) };
