'use strict';
// The PhonePe stand-in as a container of the smoke's stack (compose.smoke.yml): billing reaches it
// by its service name, the buyer's browser (the smoke) by its published port, and it posts its
// webhooks to the gateway inside the stack, as PhonePe posts them to the portal's public address.
const { startPhonePeStandIn } = require('../../local/stand-ins/phonepe');

const env = process.env;
startPhonePeStandIn({
  clientId: env.PHONEPE_CLIENT_ID,
  clientSecret: env.PHONEPE_CLIENT_SECRET,
  webhookUsername: env.PHONEPE_WEBHOOK_USERNAME,
  webhookPassword: env.PHONEPE_WEBHOOK_PASSWORD,
  webhookUrl: env.WEBHOOK_URL,
  publicUrl: env.CHECKOUT_PUBLIC_URL,
  host: '0.0.0.0',
  port: Number(env.PORT),
  // the smoke reads from the log how the portal answered each webhook (a 503 while billing was down)
  onWebhook: (delivery) => console.log(JSON.stringify({ webhook: delivery })),
}).then((standIn) => {
  console.log(`PhonePe stand-in listening on ${env.PORT}; checkout pages on ${env.CHECKOUT_PUBLIC_URL}`);
  process.once('SIGTERM', () => void standIn.close().then(() => process.exit(0)));
});
