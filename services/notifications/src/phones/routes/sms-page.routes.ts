import express, { Router } from 'express';
import { z } from 'zod';
import { PHONE_MESSAGES } from '@portal/contracts';
import { escapeHtml, portalPage } from '../../preferences';
import type { phonesUseCases } from '../domain/phones.use-cases';

const query = z.object({ t: z.string().max(100) });

/**
 * The link every SMS ends with: GET opens a page with the portal and a "Stop SMS" button (opening
 * it changes nothing, as link scanners open links); POST stops SMS. The signed link is the only credential.
 */
export function smsPageRoutes(phones: ReturnType<typeof phonesUseCases>, publicUrl: string): Router {
  const router = Router();
  const tokenOf = (raw: unknown) => {
    const parsed = query.safeParse(raw);
    return parsed.success ? parsed.data.t : null;
  };
  const footer = `Choose how we reach you on <a href="${escapeHtml(`${publicUrl}/profile?tab=notifications`)}">your profile</a>.`;
  const invalid = portalPage({ title: 'This link is not valid', body: `<p>${escapeHtml(PHONE_MESSAGES.invalidSmsLink)}</p>`, footer });

  router.get('/api/notifications/sms', (req, res) => {
    const token = tokenOf(req.query);
    if (!token || !phones.smsLinkPerson(token)) return res.status(400).type('html').send(invalid);
    const body = [
      `<p><a href="${escapeHtml(`${publicUrl}/subscription`)}">Open your plan and tax invoices on the portal</a></p>`,
      `<form method="post" action="/api/notifications/sms?t=${encodeURIComponent(token)}">`,
      '<button type="submit">Stop SMS</button>',
      '</form>',
    ].join('\n');
    return res.type('html').send(portalPage({ title: 'Your SMS from Tax Practitioner Portal', body, footer }));
  });

  router.post('/api/notifications/sms', express.urlencoded({ extended: false, limit: '1kb' }), async (req, res) => {
    const token = tokenOf(req.query);
    if (!token || !(await phones.stopSms(token))) return res.status(400).type('html').send(invalid);
    const body = '<p>You will no longer receive SMS from us. E-mails, and WhatsApp if you chose it, still reach you.</p>';
    return res.type('html').send(portalPage({ title: 'SMS stopped', body, footer }));
  });
  return router;
}
