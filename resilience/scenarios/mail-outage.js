'use strict';
const { searchInbox, tally } = require('../lib/inbox');
const { call, createOrder, trafficContext } = require('../lib/traffic');
const { createRecorder } = require('../lib/recorder');
const { check, verdict } = require('../lib/verdict');
const { sleep, until } = require('../lib/wait');

const BUYERS = 8;
const RESETS = 8;
/** A customer's call must not wait for the mail server: it answers as fast as with one. */
const ANSWER_WITHIN_MS = 2000;

/** The receipts and reset links in the inbox. */
const watched = async (portal) => [
  ...(await searchInbox(portal, 'subject:"Payment received"')),
  ...(await searchInbox(portal, 'subject:"Reset your"')),
];

/**
 * The mail server hangs (accepts connections, never answers) while customers pay and ask for a
 * password reset; it comes back after `outageMs`. Every call answers at once, every plan is
 * credited, and every receipt (with its tax invoice) and reset link arrives exactly once.
 */
async function mailOutage(portal, users, { outageMs }) {
  const ctx = trafficContext(portal, createRecorder());
  const customers = users.filter((vu) => !vu.admin);
  const buyers = customers.slice(0, BUYERS);
  const resetters = customers.slice(BUYERS, BUYERS + RESETS);
  // what came before the outage (welcome e-mails) is not this scenario's
  const before = new Set((await watched(portal)).map((message) => message.ID));

  portal.mailpit.pause();
  const pausedAt = Date.now();
  const answers = [];
  const timed = async (work) => {
    const started = Date.now();
    const answer = await work();
    answers.push({ status: answer.status, ms: Date.now() - started });
    return answer;
  };
  const orders = [];
  for (const vu of buyers) {
    const answer = await timed(() => createOrder(ctx, vu));
    if (answer.status === 201) {
      orders.push({ vu, merchantOrderId: answer.body.merchantOrderId });
      await ctx.pay(answer.body.merchantOrderId);
    }
  }
  for (const vu of resetters) await timed(() => call(ctx, vu, 'reset', 'POST', '/api/auth/forgot-password', { body: { email: vu.email } }));
  const credited = await until(
    async () => {
      for (const { vu } of orders) {
        const status = await call(ctx, vu, 'status', 'GET', '/api/subscription-status', { token: vu.token });
        if (status.body?.subscriptionStatus !== 'active') return false;
      }
      return true;
    },
    { timeoutMs: 30_000, everyMs: 500 },
  );
  await sleep(Math.max(0, outageMs - (Date.now() - pausedAt)));
  portal.mailpit.resume();
  const resumedAt = Date.now();

  const expected = [
    ...orders.map(({ vu, merchantOrderId }) => ({
      what: `receipt ${merchantOrderId}`,
      to: vu.email,
      subject: 'Payment received',
      attachment: true,
    })),
    ...resetters.map((vu) => ({ what: `reset ${vu.email}`, to: vu.email, subject: 'Reset your Tax Practitioner Portal password' })),
  ];
  let found = [];
  let missing = [];
  let twice = [];
  const read = async () => {
    ({ found, missing, twice } = tally(
      expected,
      (await watched(portal)).filter((m) => !before.has(m.ID)),
    ));
    twice = twice.map((each) => each.what);
    return missing.length === 0;
  };
  const allArrivedMs = await until(read, { timeoutMs: 300_000, everyMs: 500 });
  // a copy sent twice would come at the same pace: a few seconds more to see one
  await sleep(5000);
  await read();
  const withoutInvoice = found.filter((each) => each.attachment && each.copies.some((m) => m.Attachments < 1)).map((each) => each.what);
  const slow = answers.filter((answer) => answer.ms > ANSWER_WITHIN_MS || answer.status >= 300);
  return verdict(
    `the mail server hangs for ${outageMs / 1000} s while customers pay and reset passwords`,
    [
      check(
        `every order and reset answers within ${ANSWER_WITHIN_MS / 1000} s, and every plan is credited`,
        !slow.length && credited !== undefined,
        {
          calls: answers.length,
          slowestMs: Math.max(...answers.map((answer) => answer.ms)),
          failed: slow.slice(0, 5),
          creditedWithinMs: credited,
        },
      ),
      check('every receipt (with its invoice) and reset link arrives once the server is back', !missing.length && !withoutInvoice.length, {
        expected: expected.length,
        missing,
        withoutInvoice,
        lastArrivedAfterReturnMs: allArrivedMs,
      }),
      check('none arrives twice', twice.length === 0, twice.length ? twice : 'each once'),
    ],
    { outageMs, messages: expected.length, lastArrivedAfterReturnMs: allArrivedMs, resumedAt: new Date(resumedAt).toISOString() },
  );
}

module.exports = { mailOutage };
