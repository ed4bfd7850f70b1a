'use strict';
const path = require('node:path');
const { ROOT } = require('../../deploy/local/lib/paths');

/**
 * The CPU one sign-in spends on purpose: auth's own argon2id verification (its compiled hasher,
 * so its parameters are the service's), timed here on the same machine. The load's sign-ins pay
 * it in the auth process; the CPU per call is reported with and without it.
 */
async function passwordCheckCpuSeconds(runs = 20) {
  const { argon2Hasher } = require(path.join(ROOT, 'services/auth/dist/shared/security/password-hasher.js'));
  const hash = await argon2Hasher.hash('a load user’s password');
  await argon2Hasher.verify(hash, 'a load user’s password'); // the first one loads the module's code
  const before = process.cpuUsage();
  for (let i = 0; i < runs; i++) await argon2Hasher.verify(hash, 'a load user’s password');
  const { user, system } = process.cpuUsage(before);
  return (user + system) / 1e6 / runs;
}

/**
 * Every process's CPU seconds over a window ÷ the calls made in it, in ms: in all, each process's
 * share, and without the sign-ins' password checks.
 */
function cpuPerCall(processes, calls, { signIns, passwordCheckSeconds }) {
  const ms = (seconds) => Math.round((seconds / calls) * 1e4) / 10;
  const total = Object.values(processes).reduce((sum, usage) => sum + usage.cpuSeconds, 0);
  const hashing = signIns * passwordCheckSeconds;
  return {
    totalMs: ms(total),
    passwordChecksMs: ms(hashing),
    withoutPasswordChecksMs: ms(total - hashing),
    byProcessMs: Object.fromEntries(
      Object.entries(processes)
        .sort(([, a], [, b]) => b.cpuSeconds - a.cpuSeconds)
        .map(([name, usage]) => [name, ms(usage.cpuSeconds)]),
    ),
  };
}

module.exports = { cpuPerCall, passwordCheckCpuSeconds };
