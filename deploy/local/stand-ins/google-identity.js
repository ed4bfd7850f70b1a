'use strict';
// A local stand-in for Google's ID-token issuer: it publishes its signing certificates in the
// shape of Google's PEM certificate endpoint ({ "<kid>": "<PEM>" }) and signs ID tokens with the
// claims Google puts in them. The auth service verifies them with its production code
// (google-auth-library), pointed here by GOOGLE_CERTS_URL. In the browser, requests for
// https://accounts.google.com/gsi/* are routed here (`gsiUrl`): it serves a stand-in of Google's
// client script and plays the account chooser for the account set by `signInAs`.
const fs = require('node:fs');
const http = require('node:http');
const crypto = require('node:crypto');
const path = require('node:path');
const jwt = require('jsonwebtoken');

const GOOGLE_ISSUER = 'https://accounts.google.com';
const GSI_CLIENT = fs.readFileSync(path.join(__dirname, 'google-gsi-client.js'), 'utf8');

async function startGoogleIdentityStandIn({ port = 0, clientId } = {}) {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const kid = crypto.randomBytes(8).toString('hex');
  let account = null;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://stand-in');
    if (req.method === 'GET' && url.pathname === '/oauth2/v1/certs') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=60' });
      res.end(JSON.stringify({ [kid]: publicKey }));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/gsi/client') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      res.end(GSI_CLIENT);
      return;
    }
    // The account chooser: the signed-in test account's ID token, or none (the user closed it).
    if (req.method === 'GET' && url.pathname === '/gsi/stand-in/select') {
      const credential = account && url.searchParams.get('client_id') === clientId ? issueIdToken(account) : undefined;
      res.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
      res.end(JSON.stringify({ credential }));
      return;
    }
    res.writeHead(404, { 'Content-Type': 'application/json' });
    res.end('{"error":"not_found"}');
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;

  /** An ID token as Google issues it; `overrides` can break any claim for negative tests. */
  function issueIdToken(profile, { signingKey, ...overrides } = {}) {
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: GOOGLE_ISSUER,
      aud: clientId,
      sub: profile.sub,
      email: profile.email,
      email_verified: profile.emailVerified ?? true,
      name: [profile.givenName, profile.familyName].filter(Boolean).join(' '),
      given_name: profile.givenName,
      family_name: profile.familyName,
      picture: profile.picture,
      iat: now,
      exp: now + 3600,
      ...overrides,
    };
    return jwt.sign(claims, signingKey ?? privateKey, { algorithm: 'RS256', keyid: kid });
  }

  return {
    certsUrl: `${base}/oauth2/v1/certs`,
    /** Where a browser's requests for https://accounts.google.com/gsi/... go instead. */
    gsiUrl(googleUrl) {
      const { pathname, search } = new URL(googleUrl);
      return `${base}${pathname}${search}`;
    },
    /** The account the chooser picks; null: the chooser is closed without one. */
    signInAs(profile) {
      account = profile;
    },
    issueIdToken,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

module.exports = { startGoogleIdentityStandIn, GOOGLE_ISSUER };
