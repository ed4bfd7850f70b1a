#!/usr/bin/env node
'use strict';
// The reference desktop client: plays the Windows app against the portal's desktop API, and is
// its executable documentation (docs/desktop-api.md). It shares nothing with the services but
// the contracts. `npm run desktop-client -- <command> [--portal URL] [--state FILE] …`
if (require('../deploy/local/lib/node-runtime').relaunchOnSupportedNode()) return;
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { calculateJwkThumbprint, createLocalJWKSet, decodeJwt, exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT } = require('jose');
const {
  ACTIVATION_REQUEST_TYPE,
  DEACTIVATION_PROOF_TYPE,
  DESKTOP_CLIENT_ID,
  DEVICE_GRANT_TYPE,
  LICENCE_FILE_FORMAT,
  LICENSE_AUDIENCE,
  LICENSE_ISSUER,
} = require('@portal/contracts');

const USAGE = `usage: desktop-client <login|activate|verify|refresh|checkout|heartbeat|borrow|release|update-check|feedback|activation-request|install-licence|deactivation-proof> [options]
  --portal URL        the portal (default http://localhost:8080)
  --state FILE        where tokens and the licence are kept (default .data/desktop-client/state.json)
  --machine NAME      this machine's identity, hashed into the device id (default: the host name)
  --device-name NAME  the name the portal shows (default: the host name)
  --app-version V     the app's version (default 1.0.0)
  --channel C         stable or beta, for update-check (default stable)
  --at ISO-TIME       verify as of this moment instead of now (to see a licence run out)
  --released ISO-TIME when this build was released, for verify (a lapsed licence runs only older builds)
  --tax-year YYYY-YY  the tax year whose law this build follows, for verify (the licence must cover it)
  --type T --component C --message M   for feedback (suggestion|bug|question; general, turnover…)
  --out FILE          where activation-request and deactivation-proof write their file
  --file FILE         the licence file install-licence reads (from the portal's Devices tab)
  --days N            for borrow: how many days offline (1 to 7)`;

function options(argv) {
  const [command, ...rest] = argv;
  const given = {};
  for (let i = 0; i < rest.length; i += 2) {
    if (!rest[i].startsWith('--') || rest[i + 1] === undefined) throw new Error(USAGE);
    given[rest[i].slice(2)] = rest[i + 1];
  }
  return {
    command,
    portal: (given.portal ?? 'http://localhost:8080').replace(/\/+$/, ''),
    stateFile: given.state ?? path.join('.data', 'desktop-client', 'state.json'),
    machine: given.machine ?? os.hostname(),
    deviceName: given['device-name'] ?? os.hostname(),
    appVersion: given['app-version'] ?? '1.0.0',
    channel: given.channel ?? 'stable',
    type: given.type ?? 'suggestion',
    component: given.component ?? 'general',
    message: given.message ?? '',
    at: given.at ? new Date(given.at) : undefined,
    released: given.released ? new Date(given.released) : undefined,
    taxYear: given['tax-year'],
    out: given.out,
    file: given.file,
    days: given.days === undefined ? undefined : Number(given.days),
  };
}

const readState = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {});
function writeState(file, state) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(state, null, 2), { mode: 0o600 });
}
/** A fingerprint of the machine, never its hardware ids: the portal only ever sees this hash. */
const deviceIdOf = (machine) => crypto.createHash('sha256').update(`tax-practitioner:${machine}`).digest('hex');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(portal, method, route, { token, form, json } = {}) {
  const headers = { ...(token && { authorization: `Bearer ${token}` }) };
  let body;
  if (form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(form).toString();
  } else if (json) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  }
  const response = await fetch(`${portal}${route}`, { method, headers, body });
  return { status: response.status, body: await response.json() };
}

/** RFC 8628: ask for a code, show it, poll at the interval (slower when told to) until an answer. */
async function login(o, state) {
  const started = await call(o.portal, 'POST', '/api/auth/device/code', {
    form: { client_id: DESKTOP_CLIENT_ID, device_name: o.deviceName },
  });
  if (started.status !== 200) throw new Error(`could not start the sign-in: ${JSON.stringify(started.body)}`);
  const { device_code, user_code, verification_uri, verification_uri_complete, expires_in } = started.body;
  let interval = started.body.interval;
  console.log(`To sign in, open ${verification_uri} and enter the code ${user_code}`);
  console.log(`(or open ${verification_uri_complete})`);
  const deadline = Date.now() + expires_in * 1000;
  while (Date.now() < deadline) {
    await sleep(interval * 1000);
    const polled = await call(o.portal, 'POST', '/api/auth/device/token', {
      form: { grant_type: DEVICE_GRANT_TYPE, device_code, client_id: DESKTOP_CLIENT_ID },
    });
    if (polled.status === 200) {
      writeState(o.stateFile, { ...state, tokens: polled.body });
      console.log('Signed in.');
      return 0;
    }
    const { error } = polled.body;
    if (error === 'authorization_pending') continue;
    if (error === 'slow_down') {
      interval += 5;
      continue;
    }
    console.error(`Sign-in ended: ${error}`);
    return 1;
  }
  console.error('Sign-in ended: expired_token');
  return 1;
}

/** A call with the desktop token that refreshes it once when it has run out. */
async function withToken(o, state, send) {
  if (!state.tokens) throw new Error('not signed in: run login first');
  let answer = await send(state.tokens.access_token);
  if (answer.status !== 401) return answer;
  const refreshed = await call(o.portal, 'POST', '/api/auth/device/token', {
    form: { grant_type: 'refresh_token', refresh_token: state.tokens.refresh_token, client_id: DESKTOP_CLIENT_ID },
  });
  if (refreshed.status !== 200) throw new Error(`signed out (${refreshed.body.error}): run login again`);
  state.tokens = refreshed.body;
  writeState(o.stateFile, state);
  return send(state.tokens.access_token);
}

/** Keeps the licence and the keys that verify it, so verify needs no network. */
async function keepLicence(o, state, answer) {
  if (answer.status >= 400) {
    console.error(`${answer.body.error}: ${answer.body.message}`);
    if (answer.body.devices)
      for (const device of answer.body.devices)
        console.error(`  active: ${device.deviceName} (${device.os}), last seen ${device.lastSeenAt}`);
    // a full office: who holds each floating seat, so the user knows whom to ask
    for (const lease of answer.body.holders ?? [])
      console.error(
        `  held: ${lease.deviceName} by ${lease.email} since ${lease.since}${lease.kind === 'borrow' ? `, borrowed until ${lease.expiresAt}` : ''}`,
      );
    return 1;
  }
  const keys = await call(o.portal, 'GET', '/api/licenses/keys');
  writeState(o.stateFile, { ...state, license: answer.body.license, keys: keys.body });
  if (answer.body.lease) {
    const { kind, expiresAt } = answer.body.lease;
    console.log(
      kind === 'borrow'
        ? `Seat borrowed until ${expiresAt}.`
        : `Seat held until ${expiresAt}; heartbeat every ${answer.body.heartbeatSeconds} s.`,
    );
  } else console.log(`Licence valid offline until ${answer.body.expiresAt}.`);
  // on floating seats the activation's licence ends at once: the app runs while it holds a seat
  if (answer.body.seating === 'floating' && !answer.body.lease)
    console.log('Your firm’s seats are shared: run checkout when the app starts.');
  return 0;
}

/** Offline: the signature against the kept keys, the issuer, audience, expiry and this machine. */
async function verify(o, state) {
  if (!state.license || !state.keys) {
    console.error('no licence: run activate first');
    return 1;
  }
  try {
    const { payload } = await jwtVerify(state.license, createLocalJWKSet(state.keys), {
      issuer: LICENSE_ISSUER,
      audience: LICENSE_AUDIENCE,
      currentDate: o.at,
    });
    if (payload.device_id !== deviceIdOf(o.machine)) throw new Error('the licence is for another device');
    // a licence file is bound to the key this machine signed its request with
    if (payload.activation === 'file' && payload.cnf?.jkt !== (await deviceKeyThumbprint(state, o.machine)))
      throw new Error('the licence is for another device');
    // past the entitlement's end, a plan that keeps its builds runs only those released before it
    const now = o.at ?? new Date();
    const ended = payload.status === 'lapsed' || now.getTime() >= payload.entitlement_end_at * 1000;
    const endedOn = new Date(payload.entitlement_end_at * 1000);
    if (ended && o.released && o.released >= endedOn) throw Object.assign(new Error(), { code: 'BUILD_RELEASED_AFTER_ENTITLEMENT' });
    // a build for a tax year's law runs only on a licence that covers that year
    if (o.taxYear && !(payload.tax_years ?? []).includes(o.taxYear)) throw Object.assign(new Error(), { code: 'EDITION_REQUIRED' });
    console.log(
      JSON.stringify({
        valid: true,
        plan: payload.plan,
        status: payload.status,
        email: payload.email,
        // a firm member's licence names the firm and the seat
        ...(payload.firm ? { firm: payload.firm.name, seat: payload.firm.seat } : {}),
        // on floating seats: the seat this PC holds, and whether it is borrowed
        ...(payload.lease ? { lease: payload.lease.kind } : {}),
        until: new Date(payload.exp * 1000).toISOString(),
        afterEnd: payload.after_end,
        taxYears: payload.tax_years ?? [],
        ...(payload.activation ? { activation: payload.activation } : {}),
        ...(ended ? { updatesStoppedOn: endedOn.toISOString(), runsBuildsReleasedBefore: endedOn.toISOString() } : {}),
      }),
    );
    return 0;
  } catch (error) {
    console.log(JSON.stringify({ valid: false, reason: error.code ?? error.message }));
    return 1;
  }
}

/**
 * The machine's own Ed25519 key, made once and kept with its state, which signs its activation
 * request and deactivation files: the portal binds the device id to it.
 */
async function deviceKey(o, state) {
  state.deviceKeys ??= {};
  if (!state.deviceKeys[o.machine]) {
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    state.deviceKeys[o.machine] = await exportJWK(privateKey);
    writeState(o.stateFile, state);
  }
  return { privateKey: await importJWK(state.deviceKeys[o.machine], 'EdDSA'), jwk: publicHalf(state.deviceKeys[o.machine]) };
}
/** An OKP key's public members: the private `d` never leaves the machine. */
const publicHalf = ({ kty, crv, x }) => ({ kty, crv, x });
async function deviceKeyThumbprint(state, machine) {
  const key = state.deviceKeys?.[machine];
  return key ? calculateJwkThumbprint(publicHalf(key), 'sha256') : null;
}

/** A file signed with the machine's key, its public half in the header, as docs/desktop-api.md §3a gives it. */
async function signedFile(o, state, type, claims) {
  const { privateKey, jwk } = await deviceKey(o, state);
  return new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA', typ: type, jwk }).setIssuedAt().sign(privateKey);
}

function writeFile(o, text, done) {
  if (!o.out) throw new Error('--out FILE is needed');
  fs.writeFileSync(o.out, text);
  console.log(done);
  return 0;
}

/** A PC that cannot reach the portal: the request to upload on the portal's Devices tab from another PC. */
async function activationRequest(o, state) {
  const file = await signedFile(o, state, ACTIVATION_REQUEST_TYPE, {
    device_id: deviceIdOf(o.machine),
    device_name: o.deviceName,
    os: `${os.type()} ${os.release()}`,
    app_version: o.appVersion,
    jti: crypto.randomUUID(),
  });
  return writeFile(o, file, `Activation request written to ${o.out}: upload it on the portal (profile → Devices).`);
}

/** The licence file the portal gave for this machine's request: checked offline, then kept as an online licence is. */
async function installLicence(o, state) {
  if (!o.file) throw new Error('--file FILE is needed');
  const file = JSON.parse(fs.readFileSync(o.file, 'utf8'));
  if (file.format !== LICENCE_FILE_FORMAT) throw new Error('not a licence file');
  const next = { ...state, license: file.license, keys: file.keys };
  if ((await verify(o, next)) !== 0) return 1;
  writeState(o.stateFile, next);
  console.log(`Licence valid offline until ${new Date(decodeJwt(file.license).exp * 1000).toISOString()}.`);
  return 0;
}

/** Moving away without the portal: the licence is deleted here, and the file that proves it frees the place. */
async function deactivationProof(o, state) {
  if (!state.license) {
    console.error('no licence on this computer');
    return 1;
  }
  const { jti, device_id } = decodeJwt(state.license);
  const file = await signedFile(o, state, DEACTIVATION_PROOF_TYPE, { device_id, license_jti: jti });
  delete state.license;
  writeState(o.stateFile, state);
  return writeFile(o, file, `Licence removed from this computer. Upload ${o.out} on the portal to free its place.`);
}

async function main(argv) {
  const o = options(argv);
  const state = readState(o.stateFile);
  const device = { deviceId: deviceIdOf(o.machine), appVersion: o.appVersion };
  switch (o.command) {
    case 'login':
      return login(o, state);
    case 'activate':
      return keepLicence(
        o,
        state,
        await withToken(o, state, (token) =>
          call(o.portal, 'POST', '/api/licenses/activate', {
            token,
            json: { ...device, deviceName: o.deviceName, os: `${os.type()} ${os.release()}` },
          }),
        ),
      );
    case 'refresh':
      return keepLicence(
        o,
        state,
        await withToken(o, state, (token) => call(o.portal, 'POST', '/api/licenses/refresh', { token, json: device })),
      );
    case 'checkout':
    case 'heartbeat':
    case 'borrow': {
      const route = {
        checkout: '/api/licenses/leases',
        heartbeat: '/api/licenses/leases/heartbeat',
        borrow: '/api/licenses/leases/borrow',
      }[o.command];
      const json = o.command === 'borrow' ? { ...device, days: o.days } : device;
      return keepLicence(o, state, await withToken(o, state, (token) => call(o.portal, 'POST', route, { token, json })));
    }
    case 'release': {
      const answer = await withToken(o, state, (token) =>
        call(o.portal, 'POST', '/api/licenses/leases/release', { token, json: { deviceId: device.deviceId } }),
      );
      console.log(answer.status === 200 ? answer.body.message : `${answer.body.error}: ${answer.body.message}`);
      return answer.status === 200 ? 0 : 1;
    }
    case 'verify':
      return verify(o, state);
    case 'activation-request':
      return activationRequest(o, state);
    case 'install-licence':
      return installLicence(o, state);
    case 'deactivation-proof':
      return deactivationProof(o, state);
    case 'update-check': {
      // the machine's fingerprint places it in a staged rollout, the same for every check
      const query = new URLSearchParams({ current: o.appVersion, channel: o.channel, deviceId: deviceIdOf(o.machine) });
      const answer = await withToken(o, state, (token) => call(o.portal, 'GET', `/api/download/updates?${query}`, { token }));
      console.log(JSON.stringify(answer.body));
      // a newer build follows a tax year the licence does not cover: say what to buy
      if (answer.body.editionRequired) console.log(`edition_required: ${answer.body.editionRequired.message}`);
      return answer.status === 200 ? 0 : 1;
    }
    case 'feedback': {
      const answer = await withToken(o, state, (token) =>
        call(o.portal, 'POST', '/api/feedback/desktop', {
          token,
          json: { type: o.type, component: o.component, message: o.message, appVersion: o.appVersion, os: `${os.type()} ${os.release()}` },
        }),
      );
      console.log(answer.status === 201 ? `Feedback sent (${answer.body.feedback._id}).` : `${answer.body.error}: ${answer.body.message}`);
      return answer.status === 201 ? 0 : 1;
    }
    default:
      console.error(USAGE);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error.message);
    process.exit(1);
  },
);
