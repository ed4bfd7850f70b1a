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

module.exports = { verdict, check, printVerdict };
