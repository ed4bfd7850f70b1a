import express, { Router, type Response } from 'express';
import { unsubscribeQuerySchema } from '@portal/contracts';
import type { preferencesUseCases } from '../domain/preferences.use-cases';
import { unsubscribePage, type UnsubscribePageState } from './unsubscribe-page';

/**
 * The link in reminders and news, and the List-Unsubscribe header's (RFC 8058): GET shows a page
 * with a button, POST unsubscribes, from that button or from a mail client's one-click, whose body
 * is `List-Unsubscribe=One-Click`. The signed token is the only credential.
 */
export function unsubscribeRoutes(preferences: ReturnType<typeof preferencesUseCases>, publicUrl: string): Router {
  const router = Router();
  const page = (res: Response, status: number, state: UnsubscribePageState) =>
    res.status(status).type('html').send(unsubscribePage(state, publicUrl));
  const tokenOf = (query: unknown) => {
    const parsed = unsubscribeQuerySchema.safeParse(query);
    return parsed.success ? parsed.data.token : null;
  };

  router.get('/api/notifications/unsubscribe', (req, res) => {
    const token = tokenOf(req.query);
    const category = token && preferences.linkCategory(token);
    if (!token || !category) return page(res, 400, { step: 'invalid' });
    return page(res, 200, { step: 'confirm', category, token });
  });

  router.post('/api/notifications/unsubscribe', express.urlencoded({ extended: false, limit: '1kb' }), async (req, res) => {
    const token = tokenOf(req.query);
    const oneClick = (req.body as Record<string, unknown> | undefined)?.['List-Unsubscribe'] === 'One-Click';
    const category = token && (await preferences.unsubscribe(token, oneClick ? 'one-click' : 'link'));
    if (!category) return page(res, 400, { step: 'invalid' });
    return page(res, 200, { step: 'done', category });
  });
  return router;
}
