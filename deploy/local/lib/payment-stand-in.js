'use strict';
const crypto = require('node:crypto');
const { startPhonePeStandIn } = require('../stand-ins/phonepe');

/**
 * The PhonePe settings of the embedded default: when no PhonePe credentials are configured, the
 * local stand-in with throw-away credentials, sending its webhooks to the gateway. `now` (ms) is
 * the browser tests' clock, shared with billing's.
 */
async function paymentSettings(env, gatewayUrl, { now } = {}) {
  if (env.PHONEPE_CLIENT_ID) return { env: {}, stop: async () => undefined };
  const credentials = {
    clientId: 'LOCAL-STANDIN',
    clientSecret: crypto.randomBytes(16).toString('hex'),
    webhookUsername: 'portal_webhook',
    webhookPassword: crypto.randomBytes(12).toString('hex'),
  };
  const standIn = await startPhonePeStandIn({ ...credentials, webhookUrl: `${gatewayUrl}/api/payment/phonepe/webhook`, now });
  return {
    standIn,
    env: {
      PHONEPE_CLIENT_ID: credentials.clientId,
      PHONEPE_CLIENT_SECRET: credentials.clientSecret,
      PHONEPE_OAUTH_BASE_URL: standIn.baseUrl,
      PHONEPE_PG_BASE_URL: standIn.baseUrl,
      PHONEPE_WEBHOOK_USERNAME: credentials.webhookUsername,
      PHONEPE_WEBHOOK_PASSWORD: credentials.webhookPassword,
    },
    stop: () => standIn.close(),
  };
}

module.exports = { paymentSettings };
