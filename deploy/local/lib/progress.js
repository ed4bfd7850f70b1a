'use strict';

/**
 * Runs one set-up step between two lines that say what it is, how long it usually takes and how
 * long it took, so a newcomer's first run (minutes of installing and building) is never a silent
 * wait. A synchronous step stays synchronous; an asynchronous one returns its promise.
 */
function step(label, usually, work) {
  const started = Date.now();
  console.log(`${label}${usually ? ` (${usually})` : ''}…`);
  const done = (value) => {
    console.log(`  done in ${Math.round((Date.now() - started) / 1000)} s`);
    return value;
  };
  const result = work();
  return result instanceof Promise ? result.then(done) : done(result);
}

module.exports = { step };
