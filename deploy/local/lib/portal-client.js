'use strict';
// The smokes' side of HTTP (npm run smoke, smoke:containers, cluster -- --check): calls to the
// portal, load from concurrent loops, the e-mails Mailpit caught, a plan ordered and its PhonePe
// checkout paid. What they assert lives in their journeys.
const assert = require('node:assert/strict');
const { waitFor } = require('./net');

/**
 * fetch, once more when a kept-alive connection was closed by the other side as the call went out
 * (undici's UND_ERR_SOCKET before any answer): the call never reached the portal, and a browser
 * sends it again the same way. Any other failure is the portal's and is reported.
 */
async function send(url, init) {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error.cause?.code !== 'UND_ERR_SOCKET') throw error;
    return fetch(url, init);
  }
}

/** A client of the portal at `baseUrl`: JSON in and out, a Buffer for any other answer. */
function portalClient(baseUrl) {
  const call = async (method, route, { token, body, headers = {} } = {}) => {
    const response = await send(`${baseUrl}${route}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const type = response.headers.get('content-type') ?? '';
    const content = type.includes('json') ? await response.json() : Buffer.from(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, body: content };
  };

  /**
   * Calls `route` from `loops` concurrent loops for `ms`, or until `stop()`, each loop pausing
   * `pauseMs` between calls: how many answered each status, and the slowest.
   */
  async function load(route, { token, loops = 16, ms = 12_000, stop = () => false, pauseMs = 0 }) {
    const statuses = {};
    const errors = [];
    const refusals = [];
    let slowestMs = 0;
    const until = Date.now() + ms;
    await Promise.all(
      Array.from({ length: loops }, async () => {
        while (Date.now() < until && !stop()) {
          const started = Date.now();
          const status = await send(`${baseUrl}${route}`, { headers: { authorization: `Bearer ${token}` } }).then(
            async (answer) => {
              const body = await answer.text();
              // the first few answers other than 200, whole enough to tell who gave them
              if (answer.status !== 200 && refusals.length < 5)
                refusals.push({ route, status: answer.status, headers: Object.fromEntries(answer.headers), body: body.slice(0, 300) });
              return answer.status;
            },
            (error) => {
              errors.push(String(error.cause?.code ?? error.cause ?? error));
              return 'network error';
            },
          );
          statuses[status] = (statuses[status] ?? 0) + 1;
          slowestMs = Math.max(slowestMs, Date.now() - started);
          if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
        }
      }),
    );
    return { statuses, slowestMs, ...(errors.length ? { errors: [...new Set(errors)] } : {}), ...(refusals.length ? { refusals } : {}) };
  }

  return { call, load };
}

const expectStatus = (answer, status, what) =>
  assert.equal(answer.status, status, `${what}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);

/** The e-mails Mailpit holds to `to` whose subject has `subject`, newest first, each with its text. */
async function mailsTo(mailpitUrl, to, subject) {
  const query = encodeURIComponent(`to:"${to}" subject:"${subject}"`);
  const { messages = [] } = await (await fetch(`${mailpitUrl}/api/v1/search?query=${query}`)).json();
  return Promise.all(messages.map(async ({ ID }) => (await fetch(`${mailpitUrl}/api/v1/message/${ID}`)).json()));
}

/** Waits up to `timeoutMs` for at least one such e-mail; answers all there are then. */
const mailsArrived = (mailpitUrl, to, subject, timeoutMs = 30_000) =>
  waitFor(
    async () => {
      const mails = await mailsTo(mailpitUrl, to, subject);
      return mails.length > 0 && mails;
    },
    { what: `an e-mail "${subject}" to ${to}`, timeoutMs },
  );

/** Gives billing details, as the subscription page asks first, and orders a plan monthly: the order's answer. */
async function orderPlan(portal, token, plan, billingDetails) {
  expectStatus(await portal.call('PUT', '/api/billing/profile', { token, body: billingDetails }), 200, 'billing details');
  const order = await portal.call('POST', '/api/payment/create-phonepe-order', { token, body: { plan, billingPeriod: 'monthly' } });
  expectStatus(order, 201, 'create order');
  return order.body;
}

/** Pays (or fails) a PhonePe order on the stand-in's checkout page, as the buyer's click does; answers where it sends the buyer back. */
async function payAtCheckout(paymentUrl, outcome = 'success') {
  const page = await fetch(paymentUrl);
  assert.equal(page.status, 200, 'the checkout page');
  const paid = await fetch(paymentUrl, { method: 'POST', body: new URLSearchParams({ outcome }), redirect: 'manual' });
  assert.equal(paid.status, 303, 'the checkout sends the buyer back');
  return { page: await page.text(), backTo: paid.headers.get('location') };
}

/**
 * A plan bought as a buyer's browser buys it: ordered, paid on the stand-in's checkout page, and
 * back through the portal's return; the account is then active on it. Answers the order.
 */
async function buyPlan(portal, token, plan, billingDetails) {
  const order = await orderPlan(portal, token, plan, billingDetails);
  const { page, backTo } = await payAtCheckout(order.paymentUrl);
  assert.match(page, /Pay ₹/);
  const back = await fetch(backTo, { redirect: 'manual' });
  assert.equal(back.headers.get('location'), '/subscription?status=success');
  const status = await portal.call('GET', '/api/subscription-status', { token });
  assert.equal(status.body.subscriptionStatus, 'active');
  assert.equal(status.body.subscriptionPlan, plan);
  return order;
}

module.exports = { portalClient, expectStatus, mailsTo, mailsArrived, orderPlan, payAtCheckout, buyPlan };
