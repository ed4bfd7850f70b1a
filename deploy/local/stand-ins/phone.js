'use strict';
// A local stand-in for the providers that reach a person's phone, used by `npm start` when no
// WhatsApp or SMS credentials are configured, and by the tests. It implements their documented
// contracts: WhatsApp's Cloud API (POST /{version}/{phone-number-id}/messages with a Bearer token,
// template messages, then the webhook's status callbacks, "sent" and "delivered", and "read" once
// the phone's page has shown the message, each signed with X-Hub-Signature-256 over the body by
// the app secret; a reply from the phone as an inbound message callback), and MSG91's flow API
// (POST /api/v5/flow with the authkey header, a DLT template by its id and VAR1, VAR2, then the
// delivery report to the report URL). Its page at / stands for the phones: what each number received.
const http = require('node:http');
const crypto = require('node:crypto');

const DLT = require('../../../services/notifications/src/delivery/domain/dlt-templates.json');

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const readBody = (req) =>
  new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
const send = (res, status, body) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};
const parseJson = (text) => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};
const fillSms = (text, values) => {
  const parts = text.split('{#var#}');
  return parts.length - 1 === values.length ? parts.reduce((all, part, i) => all + values[i - 1] + part) : null;
};

/** The page that stands for the phones: every number's messages, newest first, and a reply box. */
function phonesPage(messages) {
  const numbers = [...new Set(messages.map((m) => m.to))];
  const sections = numbers
    .map((number) => {
      const rows = messages
        .filter((m) => m.to === number)
        .reverse()
        .map(
          (m) =>
            `<li><strong>${m.channel === 'whatsapp' ? 'WhatsApp' : 'SMS'}</strong> ${escapeHtml(m.text)} <small>${escapeHtml(m.at)}</small></li>`,
        )
        .join('');
      return `<section><h2>${escapeHtml(number)}</h2><ul>${rows}</ul>
<form method="post" action="/phone/reply"><input type="hidden" name="from" value="${escapeHtml(number)}">
<label>Reply on WhatsApp <input name="text" value="STOP"></label> <button>Send</button></form></section>`;
    })
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Phones (test)</title>
<style>body{font-family:system-ui,sans-serif;max-width:720px;margin:24px auto;padding:0 16px}li{margin:8px 0}small{color:#666}</style></head>
<body><h1>Phones</h1><p>The local WhatsApp and SMS stand-in: what each number received. Nothing leaves this machine.</p>
${sections || '<p>No messages yet.</p>'}</body></html>`;
}

/**
 * Starts the stand-in. Options: token, appSecret, phoneNumberId (WhatsApp's), authKey (MSG91's),
 * webhookUrl (WhatsApp's callbacks) and reportUrl (the SMS delivery reports), port (0: a free one).
 */
async function startPhoneStandIn(options) {
  const messages = [];
  const templatesById = new Map(Object.values(DLT.templates).map((t) => [t.templateId, t]));
  const waNumber = '919000000000';

  const signedPost = async (url, body) => {
    const raw = JSON.stringify(body);
    const signature = crypto.createHmac('sha256', options.appSecret).update(raw).digest('hex');
    try {
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${signature}` },
        body: raw,
      });
    } catch {
      // the portal away: Meta retries its callbacks, and the tests that need one wait for it
    }
  };
  const envelope = (value) => ({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA-LOCAL',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: waNumber, phone_number_id: options.phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  });
  const statusCallback = (message, status) =>
    signedPost(
      options.webhookUrl,
      envelope({
        statuses: [{ id: message.id, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: message.to.slice(1) }],
      }),
    );

  async function cloudApi(req, res, version, phoneNumberId) {
    if (req.headers.authorization !== `Bearer ${options.token}`)
      return send(res, 401, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
    if (phoneNumberId !== options.phoneNumberId) return send(res, 400, { error: { message: 'Unsupported post request.', code: 100 } });
    const body = parseJson(await readBody(req));
    const template = body?.template;
    const params = template?.components?.find((c) => c.type === 'body')?.parameters?.map((p) => p.text) ?? [];
    if (body?.messaging_product !== 'whatsapp' || body.type !== 'template' || !template?.name || !/^\d{10,15}$/.test(body.to ?? ''))
      return send(res, 400, { error: { message: '(#100) Invalid parameter', code: 100 } });
    const message = {
      channel: 'whatsapp',
      id: `wamid.${crypto.randomBytes(12).toString('hex')}`,
      to: `+${body.to}`,
      template: template.name,
      language: template.language?.code,
      values: params,
      text: `[${template.name}] ${params.join(' | ')}`,
      at: new Date().toISOString(),
      version,
    };
    messages.push(message);
    send(res, 200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: message.id }] });
    void statusCallback(message, 'sent').then(() => statusCallback(message, 'delivered'));
  }

  async function flowApi(req, res) {
    if (req.headers.authkey !== options.authKey) return send(res, 401, { type: 'error', message: 'Authentication failure' });
    const body = parseJson(await readBody(req));
    const template = templatesById.get(body?.template_id);
    if (!template) return send(res, 400, { type: 'error', message: 'Template not found' });
    const recipients = Array.isArray(body.recipients) ? body.recipients : [];
    const requestId = crypto.randomBytes(12).toString('hex');
    for (const recipient of recipients) {
      const values = Object.keys(recipient)
        .filter((key) => /^VAR\d$/.test(key))
        .sort()
        .map((key) => recipient[key]);
      const text = fillSms(template.text, values);
      if (!text || !/^91\d{10}$/.test(recipient.mobiles ?? ''))
        return send(res, 400, { type: 'error', message: 'Invalid recipients or variables' });
      messages.push({
        channel: 'sms',
        id: requestId,
        to: `+${recipient.mobiles}`,
        templateId: template.templateId,
        values,
        text,
        at: new Date().toISOString(),
      });
    }
    send(res, 200, { type: 'success', message: requestId });
    if (options.reportUrl)
      void fetch(options.reportUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          data: [{ requestId, report: recipients.map((r) => ({ number: r.mobiles, status: '1', desc: 'DELIVERED' })) }],
        }),
      }).catch(() => undefined);
  }

  /** A reply typed on the phone, as WhatsApp sends it to the business: an inbound text message. */
  const reply = (from, text) =>
    signedPost(
      options.webhookUrl,
      envelope({
        contacts: [{ profile: { name: 'Test phone' }, wa_id: from.replace(/^\+/, '') }],
        messages: [
          {
            from: from.replace(/^\+/, ''),
            id: `wamid.${crypto.randomBytes(12).toString('hex')}`,
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: 'text',
            text: { body: text },
          },
        ],
      }),
    );

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://stand-in');
    const cloud = url.pathname.match(/^\/(v\d+\.\d+)\/(\d+)\/messages$/);
    if (req.method === 'POST' && cloud) return cloudApi(req, res, cloud[1], cloud[2]);
    if (req.method === 'POST' && url.pathname === '/api/v5/flow') return flowApi(req, res);
    if (req.method === 'GET' && url.pathname === '/messages.json') {
      const to = url.searchParams.get('to');
      return send(res, 200, { messages: messages.filter((m) => !to || m.to === to) });
    }
    if (req.method === 'POST' && url.pathname === '/phone/reply') {
      const form = new URLSearchParams(await readBody(req));
      await reply(form.get('from') ?? '', form.get('text') ?? '');
      res.writeHead(303, { Location: '/' });
      return res.end();
    }
    if (req.method === 'GET' && url.pathname === '/') {
      // what the page shows has been read on the phone
      for (const message of messages.filter((m) => m.channel === 'whatsapp' && !m.read)) {
        message.read = true;
        void statusCallback(message, 'read');
      }
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return res.end(phonesPage(messages));
    }
    return send(res, 404, { error: 'not found' });
  });
  await new Promise((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    messages,
    /** What a number received, oldest first. */
    receivedBy: (to) => messages.filter((m) => m.to === to),
    reply,
    close: () =>
      new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      }),
  };
}

module.exports = { startPhoneStandIn };
