'use strict';

/** A scenario's outcome: each check with what was required and what was measured. */
function verdict(name, checks, figures) {
  return { scenario: name, passed: checks.every((check) => check.ok), checks, figures };
}

const check = (what, ok, measured) => ({ what, ok: Boolean(ok), measured });

function printVerdict({ scenario, passed, checks }) {
  console.log(`\n${passed ? 'PASS' : 'FAIL'}  ${scenario}`);
  for (const { what, ok, measured } of checks)
    console.log(`  ${ok ? '✓' : '✗'} ${what}: ${typeof measured === 'string' ? measured : JSON.stringify(measured)}`);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition, { timeoutMs, everyMs = 100 }) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await condition()) return Date.now() - started;
    await sleep(everyMs);
  }
  return undefined;
}

module.exports = { verdict, check, printVerdict, sleep, until };
