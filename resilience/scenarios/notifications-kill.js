'use strict';
const { searchInbox, tally } = require('../lib/inbox');
const { call, trafficContext } = require('../lib/traffic');
const { createRecorder } = require('../lib/recorder');
const { check, verdict } = require('../lib/verdict');
const { sleep, until } = require('../lib/wait');

const RESET_SUBJECT = 'Reset your Tax Practitioner Portal password';
/** notifications' worker tries this many messages at once (services/notifications' delivery-queue.ts). */
const TRIES_AT_ONCE = 4;

/**
 * notifications SIGKILLed while its queue is a quarter through a run of password resets (the
 * resilience portal sends 10 e-mails a second, so the queue lasts seconds): the supervisor starts
 * it again, BullMQ hands the killed tries to the new worker, and every link arrives. A try cut
 * after the mail server took the message and before it was recorded sent is sent again, under
 * the same Message-ID (docs/decisions/0002): at most one per try under way, and no other copy.
 */
async function notificationsKill(portal, users) {
  const ctx = trafficContext(portal, createRecorder());
  const customers = users.filter((vu) => !vu.admin);
  // resets another scenario asked for are not this one's
  const before = new Set((await searchInbox(portal, `subject:"${RESET_SUBJECT}"`)).map((m) => m.ID));
  const isOurs = async () => (await searchInbox(portal, `subject:"${RESET_SUBJECT}"`)).filter((m) => !before.has(m.ID));
  const expected = customers.map((vu) => ({ what: vu.email, to: vu.email, subject: RESET_SUBJECT }));
  const restartsBefore = portal.restarts();

  const refused = [];
  for (const vu of customers) {
    const answer = await call(ctx, vu, 'reset', 'POST', '/api/auth/forgot-password', { body: { email: vu.email } });
    if (answer.status !== 200) refused.push({ email: vu.email, status: answer.status });
  }
  const quarter = Math.ceil(expected.length / 4);
  const killAfterMs = await until(async () => tally(expected, await isOurs()).arrived >= quarter, { timeoutMs: 60_000, everyMs: 25 });
  portal.processes.notifications.child.kill('SIGKILL');
  const killedAt = Date.now();
  const arrivedAtKill = tally(expected, await isOurs()).arrived;
  const restarted = await until(async () => portal.restarts() > restartsBefore, { timeoutMs: 30_000, everyMs: 100 });

  let result = tally(expected, []);
  const allArrivedMs = await until(
    async () => {
      result = tally(expected, await isOurs());
      return result.missing.length === 0;
    },
    { timeoutMs: 180_000, everyMs: 500 },
  );
  const lastArrivedAfterKillMs = allArrivedMs === undefined ? undefined : Date.now() - killedAt;
  // a copy would come at the same pace: a few seconds more to see one
  await sleep(5000);
  result = tally(expected, await isOurs());
  const copies = result.twice.map((each) => ({
    to: each.what,
    copies: each.copies.length,
    sameMessageId: new Set(each.copies.map((m) => m.MessageID)).size === 1,
  }));
  const cutTries = copies.every((each) => each.copies === 2 && each.sameMessageId) && copies.length <= TRIES_AT_ONCE;
  return verdict(
    'notifications killed (SIGKILL) in the middle of its queue',
    [
      check('every reset request answers 200', refused.length === 0, refused.length ? refused.slice(0, 5) : `${customers.length} requests`),
      check(
        'the kill came in the middle of the queue, and the supervisor started notifications again',
        killAfterMs !== undefined && arrivedAtKill < expected.length && restarted !== undefined,
        { arrivedAtKill, of: expected.length, restartedWithinMs: restarted },
      ),
      check('every reset link arrives after the kill', result.missing.length === 0, {
        missing: result.missing.slice(0, 5),
        lastArrivedAfterKillMs,
      }),
      check(
        `no copy but of a try the kill cut after the mail server took it (at most ${TRIES_AT_ONCE}, each once more, under the same Message-ID)`,
        cutTries,
        copies.length ? copies : 'each once',
      ),
    ],
    { messages: expected.length, arrivedAtKill, restartedWithinMs: restarted, lastArrivedAfterKillMs, sentAgainByTheCut: copies.length },
  );
}

module.exports = { notificationsKill };
