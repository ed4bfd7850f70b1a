'use strict';
const crypto = require('node:crypto');
const { startPhoneStandIn } = require('../stand-ins/phone');

/**
 * The WhatsApp and SMS settings of the embedded default: when neither provider is configured, the
 * local stand-in with throw-away credentials, sending its callbacks to the gateway. Its page shows
 * what each phone received.
 */
async function phoneSettings(env, gatewayUrl) {
  if (env.SMS_AUTH_KEY || env.WHATSAPP_TOKEN) return { env: {}, stop: async () => undefined };
  const secret = () => crypto.randomBytes(16).toString('hex');
  const credentials = { token: secret(), appSecret: secret(), phoneNumberId: '100000000000001', authKey: secret() };
  const reportKey = secret();
  const standIn = await startPhoneStandIn({
    ...credentials,
    webhookUrl: `${gatewayUrl}/api/notifications/whatsapp/webhook`,
    reportUrl: `${gatewayUrl}/api/notifications/sms/report?key=${reportKey}`,
  });
  return {
    standIn,
    env: {
      WHATSAPP_API_URL: standIn.baseUrl,
      WHATSAPP_TOKEN: credentials.token,
      WHATSAPP_PHONE_NUMBER_ID: credentials.phoneNumberId,
      WHATSAPP_APP_SECRET: credentials.appSecret,
      WHATSAPP_VERIFY_TOKEN: secret(),
      SMS_API_URL: standIn.baseUrl,
      SMS_AUTH_KEY: credentials.authKey,
      SMS_REPORT_KEY: reportKey,
    },
    stop: () => standIn.close(),
  };
}

module.exports = { phoneSettings };
