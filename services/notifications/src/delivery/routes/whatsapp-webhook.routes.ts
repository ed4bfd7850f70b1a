import express, { Router } from 'express';
import type { WhatsAppAPI } from 'whatsapp-api-js';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { ProviderStatus } from '@portal/contracts';

/** The Cloud API's statuses as the delivery log keeps them; "sent" is already known when the API answers. */
const STATUSES: Record<string, ProviderStatus> = { delivered: 'delivered', read: 'read', failed: 'undelivered' };
/** Replies that withdraw consent, as WhatsApp's opt-out guidance and India's DND words have them. */
const STOP_WORDS = /^\s*(stop|stop all|unsubscribe|cancel|end|quit)\s*$/i;
/** The envelope every callback has, which the library reads without checking. */
const callback = z.object({
  object: z.string(),
  entry: z.array(z.object({ changes: z.array(z.object({ field: z.string(), value: z.object({}).loose() })).min(1) })).min(1),
});
/** A message's callback (statuses, replies), which the library handles. */
const messagesValue = z.object({ metadata: z.object({}).loose() }).loose();
/** Meta's reports on a template: a new category, or its review's outcome (approved, paused, disabled…). */
const templateValue = z
  .object({
    message_template_name: z.string().max(512),
    new_category: z.string().max(40).optional(),
    event: z.string().max(40).optional(),
  })
  .loose();
const TEMPLATE_FIELDS = ['template_category_update', 'message_template_status_update'];

export interface WhatsAppWebhookHandlers {
  providerReported(providerId: string, status: ProviderStatus): Promise<void>;
  /** A STOP from a number: its WhatsApp consent withdrawn. */
  stopRequested(mobile: string): Promise<boolean>;
  templateReported(name: string, report: { category?: string; status?: string }): Promise<void>;
}

/**
 * WhatsApp's webhook: Meta's subscription check (GET, the verify token), and the callbacks (POST),
 * accepted only with a valid X-Hub-Signature-256 over the raw body (whatsapp-api-js checks it):
 * message statuses update the delivery log, a STOP reply withdraws the sender's consent, and a
 * template's new category or review status is kept, so that a template Meta moved is not sent.
 * Mounted before the JSON parser, as the signature covers the bytes as sent.
 */
export function whatsAppWebhookRoutes(api: WhatsAppAPI, handlers: WhatsAppWebhookHandlers, logger: Logger): Router {
  const router = Router();
  api.on.status = async ({ id, status }) => {
    const reported = STATUSES[status];
    if (reported) await handlers.providerReported(id, reported);
  };
  api.on.message = async ({ from, message }) => {
    if (message.type === 'text' && STOP_WORDS.test(message.text.body)) await handlers.stopRequested(`+${from}`);
  };

  router.get('/api/notifications/whatsapp/webhook', (req, res) => {
    try {
      const query = req.query as Record<string, string | undefined>;
      if (query['hub.mode'] !== 'subscribe') throw new Error('not a subscription check');
      const challenge = api.get({
        'hub.mode': 'subscribe',
        'hub.verify_token': query['hub.verify_token'] ?? '',
        'hub.challenge': query['hub.challenge'] ?? '',
      });
      res.type('text').send(String(challenge));
    } catch {
      res.sendStatus(403);
    }
  });

  router.post('/api/notifications/whatsapp/webhook', express.raw({ type: '*/*', limit: '1mb' }), async (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
    const signature = req.get('x-hub-signature-256') ?? '';
    if (!(await api.verifyRequestSignature(raw, signature))) return res.sendStatus(401);
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      return res.sendStatus(400);
    }
    const envelope = callback.safeParse(data);
    if (!envelope.success) return res.sendStatus(400);
    const { field, value } = envelope.data.entry[0]!.changes[0]!;
    if (TEMPLATE_FIELDS.includes(field)) {
      const report = templateValue.safeParse(value);
      if (!report.success) return res.sendStatus(400);
      const { message_template_name: name, new_category: category, event: status } = report.data;
      await handlers.templateReported(name, { ...(category && { category }), ...(status && { status }) });
      return res.sendStatus(200);
    }
    if (field !== 'messages') return res.sendStatus(200);
    if (!messagesValue.safeParse(value).success) return res.sendStatus(400);
    try {
      await api.post(data as Parameters<WhatsAppAPI['post']>[0], raw, signature);
    } catch (error) {
      const status = (error as { httpStatus?: number }).httpStatus ?? 500;
      if (status >= 500) logger.error({ err: error }, 'a WhatsApp callback could not be handled');
      return res.sendStatus(status);
    }
    return res.sendStatus(200);
  });
  return router;
}
