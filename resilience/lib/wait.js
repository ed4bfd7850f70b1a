'use strict';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `condition` until it holds; answers how long that took, or undefined after `timeoutMs`. */
async function until(condition, { timeoutMs, everyMs = 100 }) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await condition()) return Date.now() - started;
    await sleep(everyMs);
  }
  return undefined;
}

module.exports = { sleep, until };
