'use strict';
const { billingRecords } = require('../lib/billing-records');
const { createRecorder, isFailure } = require('../lib/recorder');
const { backgroundTraffic, createOrder, trafficContext } = require('../lib/traffic');
const { check, verdict } = require('../lib/verdict');
const { sleep, until } = require('../lib/wait');

const FAULT_WINDOW_MS = 15_000;

/** A callback as PhonePe sends it, with the proof header given (or a forger's). */
const postWebhook = (portal, authorization, event, payload) =>
  fetch(portal.webhook.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: authorization },
    body: JSON.stringify({ event, payload }),
  }).then((response) => response.status);

/**
 * PhonePe slow and failing, its callbacks duplicated, lost, stale and forged, under traffic: no
 * order credited twice, no forged credit, every paid order settled by reconciliation.
 */
async function paymentFaults(portal, users) {
  const recorder = createRecorder();
  const ctx = trafficContext(portal, recorder);
  const { standIn } = portal;
  const paid = [];
  const forgedStatuses = [];
  let turn = 0;
  // each payment's callbacks go wrong in one of four ways, in turn
  ctx.pay = async (merchantOrderId) => {
    const kind = ['duplicate', 'lost', 'stale', 'forged'][turn++ % 4];
    if (kind === 'forged') {
      // not paid at all: a forger claims it was, without PhonePe's credentials
      forgedStatuses.push(
        await postWebhook(portal, 'sha256-of-a-guess', 'checkout.order.completed', { merchantOrderId, state: 'COMPLETED' }),
      );
      return;
    }
    paid.push(merchantOrderId);
    if (kind === 'lost') return void (await standIn.settle(merchantOrderId, 'success', { webhook: false }));
    await standIn.settle(merchantOrderId, 'success');
    if (kind === 'duplicate') await Promise.all([standIn.sendWebhook(merchantOrderId), standIn.sendWebhook(merchantOrderId)]);
    // an older event arriving after the newer one: billing asks PhonePe rather than believe it
    if (kind === 'stale')
      await postWebhook(portal, portal.webhook.authorization, 'checkout.order.failed', { merchantOrderId, state: 'FAILED' });
  };
  // more orders than the everyday mix, so that every kind of fault happens many times
  const buyers = users.filter((vu) => !vu.admin);
  const buyUntil = Date.now() + 3000 + FAULT_WINDOW_MS + 20_000;
  const buying = (async () => {
    for (let round = 0; round < 2; round++) {
      for (const vu of buyers) {
        if (Date.now() > buyUntil) return;
        const answer = await createOrder(ctx, vu);
        if (answer.status === 201) {
          ctx.orders.push(answer.body.merchantOrderId);
          await ctx.pay(answer.body.merchantOrderId);
        }
        await sleep(100);
      }
    }
  })();
  const traffic = backgroundTraffic(ctx, users);
  await sleep(3000);
  const faultsFrom = Date.now();
  standIn.setFaults({ delayMs: 1500, failRate: 0.3 });
  await sleep(FAULT_WINDOW_MS);
  standIn.setFaults();
  const faultsTo = Date.now();
  await buying;
  await traffic.stop();

  // reconciliation runs every 5 s for orders older than 3 s here
  const settledAfterMs = await until(
    async () => {
      const { status } = await billingRecords(portal, paid);
      return paid.every((id) => status[id] === 'completed');
    },
    { timeoutMs: 60_000, everyMs: 1000 },
  );
  const forged = ctx.orders.filter((id) => !paid.includes(id));
  const records = await billingRecords(portal, ctx.orders);
  const doubleCredits = Object.entries(records.credits).filter(([, times]) => times > 1);
  const doubleInvoices = Object.entries(records.invoiceCount).filter(([, count]) => count > 1);
  const forgedCredits = forged.filter((id) => records.status[id] === 'completed' || records.credits[id]);
  const failures = recorder.samples().filter((sample) => isFailure(sample.status));
  const outsideWindow = failures.filter((sample) => sample.at < faultsFrom || sample.at > faultsTo + 15_000 || sample.group !== 'order');
  return verdict(
    'PhonePe slow (1.5 s), failing (30 %), callbacks duplicated, lost, stale and forged',
    [
      check('no order credited twice, no second invoice', doubleCredits.length === 0 && doubleInvoices.length === 0, {
        paid: paid.length,
        doubleCredits: doubleCredits.length,
        doubleInvoices: doubleInvoices.length,
      }),
      check('no forged callback accepted or credited', forgedCredits.length === 0 && forgedStatuses.every((status) => status === 401), {
        forged: forged.length,
        answers: [...new Set(forgedStatuses)],
        credited: forgedCredits.length,
      }),
      check(
        'every paid order settled (lost callbacks by reconciliation, every 5 s)',
        settledAfterMs !== undefined,
        `all ${paid.length} within ${settledAfterMs} ms of the traffic's end`,
      ),
      check('only order creation fails, and only while PhonePe does', outsideWindow.length === 0, {
        orderFailuresWhileFaulty: failures.length - outsideWindow.length,
        other: outsideWindow.map((sample) => `${sample.group} ${sample.status}`).slice(0, 10),
      }),
    ],
    { paid: paid.length, forged: forged.length, traffic: recorder.summary() },
  );
}

module.exports = { paymentFaults };
