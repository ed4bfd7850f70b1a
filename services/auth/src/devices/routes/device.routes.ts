import express, { Router, type Request, type RequestHandler } from 'express';
import { z } from 'zod';
import {
  deviceCodeRequestSchema,
  deviceDecisionSchema,
  DESKTOP_CONSENT_MESSAGE,
  type DesktopMe,
  desktopTokenRequestSchema,
  objectIdSchema,
  userCodeSchema,
} from '@portal/contracts';
import { requireDesktop, requireUser, tokenAnswer, validate, type TokenVerifier } from '@portal/platform';
import { DeviceTokenRefusal } from '../domain/desktop-session.use-cases';
import type { deviceGrantUseCases } from '../domain/device-grant.use-cases';
import { clientIp } from '../../shared/routes/client-ip';
import { OAuthRefusal, readOAuthForm, sendOAuthRefusal } from './oauth-form';

const sessionParams = z.object({ id: objectIdSchema('No desktop session with this id') });

/** An OAuth endpoint's answer; its refusals are RFC 6749 §5.2's, not the portal's error body. */
const oauthEndpoint =
  (answer: (req: Request) => Promise<object>): RequestHandler =>
  async (req, res) => {
    try {
      res.json(await answer(req));
    } catch (error) {
      if (error instanceof OAuthRefusal) return sendOAuthRefusal(res, error);
      if (error instanceof DeviceTokenRefusal) return sendOAuthRefusal(res, new OAuthRefusal(error.error));
      throw error;
    }
  };

/**
 * The device authorization grant's endpoints (RFC 8628 §3.1–3.5, form bodies as RFC 6749 sends
 * them), the signed-in person's confirmation, and the desktop sessions.
 */
export function deviceRoutes(
  grant: ReturnType<typeof deviceGrantUseCases>,
  verifyToken: TokenVerifier,
  /** Whether the person must accept the policies in force: the app cannot show them, so it points to the portal. */
  consentDue: (userId: string) => Promise<boolean>,
  publicUrl: string,
): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '10kb' });

  router.post(
    '/api/auth/device/code',
    tokenAnswer,
    form,
    oauthEndpoint((req) => grant.start(readOAuthForm(req, deviceCodeRequestSchema).device_name)),
  );
  router.post(
    '/api/auth/device/token',
    tokenAnswer,
    form,
    oauthEndpoint((req) => grant.token(readOAuthForm(req, desktopTokenRequestSchema), clientIp(req))),
  );

  router.get(
    '/api/auth/device/pending',
    requireUser(verifyToken),
    validate('query', z.object({ user_code: userCodeSchema })),
    async (req, res) => {
      const { user_code } = req.query;
      res.json({ device: await grant.pending(user_code, { userId: res.locals.auth.userId, ip: clientIp(req) }) });
    },
  );

  router.post('/api/auth/device/decision', requireUser(verifyToken), validate('body', deviceDecisionSchema), async (req, res) => {
    const { user_code: userCode, decision, firmId } = req.body;
    res.json({ message: await grant.decide(userCode, decision, { ...res.locals.auth, ip: clientIp(req) }, firmId) });
  });

  router.get('/api/auth/desktop/sessions', requireUser(verifyToken), async (req, res) => {
    const sessions = await grant.sessions(res.locals.auth.userId);
    res.json({
      sessions: sessions.map(({ id, deviceName, createdAt, lastUsedAt }) => ({
        id,
        deviceName,
        createdAt: createdAt.toISOString(),
        lastUsedAt: lastUsedAt.toISOString(),
      })),
    });
  });

  router.delete('/api/auth/desktop/sessions/:id', requireUser(verifyToken), validate('params', sessionParams), async (req, res) => {
    await grant.revoke(res.locals.auth.userId, req.params.id);
    res.status(204).end();
  });

  /** Who the desktop app is signed in as: the call that proves a desktop token works. */
  router.get('/api/auth/desktop/me', requireDesktop(verifyToken), async (req, res) => {
    const { userId, email } = res.locals.auth;
    const answer: DesktopMe = { user: { id: userId, email } };
    if (await consentDue(userId)) answer.consentRequired = { message: DESKTOP_CONSENT_MESSAGE, url: `${publicUrl}/dashboard` };
    res.json(answer);
  });

  return router;
}
