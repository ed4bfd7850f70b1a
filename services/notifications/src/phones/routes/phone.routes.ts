import { Router } from 'express';
import { phoneChannelsBodySchema, phoneCodeBodySchema, phoneNumberBodySchema } from '@portal/contracts';
import { requireUser, validate, type TokenVerifier } from '@portal/platform';
import type { phonesUseCases } from '../domain/phones.use-cases';

/** The signed-in person's mobile number, its code, and their choice of WhatsApp and SMS (Profile → Notifications). */
export function phoneRoutes(phones: ReturnType<typeof phonesUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();
  const user = requireUser(verifyToken);
  router.get('/api/notifications/phone', user, async (_req, res) => {
    res.json(await phones.mine(res.locals.auth.userId));
  });
  router.post('/api/notifications/phone', user, validate('body', phoneNumberBodySchema), async (req, res) => {
    res.status(202).json(await phones.requestCode(res.locals.auth.userId, req.body.mobile));
  });
  router.post('/api/notifications/phone/verify', user, validate('body', phoneCodeBodySchema), async (req, res) => {
    res.json(await phones.verifyCode(res.locals.auth.userId, req.body.code));
  });
  router.put('/api/notifications/phone/channels', user, validate('body', phoneChannelsBodySchema), async (req, res) => {
    res.json(await phones.choose(res.locals.auth.userId, req.body));
  });
  return router;
}
