'use strict';
const { generate } = require('otplib');

const STEP_SECONDS = 30;

/**
 * The second factor's proof for the next sign-in: a code of a 30-second step no sign-in of this
 * run has used (the portal refuses a step again), or a recovery code when the current step and
 * the next, all the portal accepts, are spent.
 */
async function nextProof(admin) {
  const current = Math.floor(Date.now() / 1000 / STEP_SECONDS);
  const step = Math.max(current, (admin.lastStep ?? -Infinity) + 1);
  if (step <= current + 1) {
    admin.lastStep = step;
    return { code: await generate({ secret: admin.totpSecret, epoch: step * STEP_SECONDS }) };
  }
  const recoveryCode = admin.recoveryCodes?.shift();
  if (!recoveryCode) throw new Error(`no unused code left to sign ${admin.email} in within this minute`);
  return { recoveryCode };
}

/**
 * Signs an admin in over HTTP as a person does: the password, then the authenticator.
 * The first time it enrols one, reading the secret as the QR step shows it, and keeps the secret
 * and the recovery codes on `admin` for the run's later sign-ins. Answers `{ token, user }`.
 */
async function signInAdmin(baseUrl, admin) {
  const post = async (route, body) => {
    const response = await fetch(`${baseUrl}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(`${route} answered ${response.status}: ${answer.message ?? ''} (admin ${admin.email})`);
    return answer;
  };
  const { secondFactor, challenge } = await post('/api/admin/login', { email: admin.email, password: admin.password });
  if (secondFactor === 'totp') {
    if (!admin.totpSecret) throw new Error(`${admin.email} has an authenticator this run did not enrol; reset it as another owner`);
    return post('/api/admin/second-factor', { challenge, ...(await nextProof(admin)) });
  }
  const { secret } = await post('/api/admin/second-factor/enrolment', { challenge });
  admin.totpSecret = secret;
  const signedIn = await post('/api/admin/second-factor/enrolment/confirm', { challenge, ...(await nextProof(admin)) });
  admin.recoveryCodes = signedIn.recoveryCodes;
  return signedIn;
}

module.exports = { signInAdmin, nextProof };
