import express, { Router, type Response } from 'express';
import { z } from 'zod';
import {
  deviceCodeRequestSchema,
  deviceDecisionSchema,
  desktopTokenRequestSchema,
  objectIdSchema,
  userCodeSchema,
  type DeviceTokenError,
} from '@portal/contracts';
import { requireDesktop, requireUser, validate, type TokenVerifier } from '@portal/platform';
import { DeviceTokenRefusal, type deviceGrantUseCases } from '../domain/device-grant.use-cases';

/** RFC 6749 §5.2's error answer, which the desktop app's OAuth library reads. */
function oauthError(res: Response, error: DeviceTokenError, description?: string) {
  res
    .status(400) // the desktop app is a public client: it has no credential a 401 could ask for
    .set('Cache-Control', 'no-store')
    .json({ error, ...(description ? { error_description: description } : {}) });
}

/** Which RFC error a malformed token request is: an unknown grant or client is named as such. */
function requestError(issues: z.core.$ZodIssue[]): DeviceTokenError {
  const field = String(issues[0]?.path[0] ?? '');
  if (field === 'grant_type') return 'unsupported_grant_type';
  if (field === 'client_id') return 'invalid_client';
  return 'invalid_request';
}

const sessionParams = z.object({ id: objectIdSchema('No desktop session with this id') });

/**
 * The device authorization grant's endpoints (RFC 8628 §3.1–3.5; form or JSON bodies, as OAuth
 * clients send either), the signed-in person's confirmation, and the desktop sessions.
 */
export function deviceRoutes(grant: ReturnType<typeof deviceGrantUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '10kb' });

  router.post('/api/auth/device/code', form, async (req, res) => {
    const parsed = deviceCodeRequestSchema.safeParse(req.body ?? {});
    if (!parsed.success) return oauthError(res, requestError(parsed.error.issues), parsed.error.issues[0]?.message);
    res.set('Cache-Control', 'no-store').json(await grant.start(parsed.data.device_name));
  });

  router.post('/api/auth/device/token', form, async (req, res) => {
    const parsed = desktopTokenRequestSchema.safeParse(req.body ?? {});
    if (!parsed.success) return oauthError(res, requestError(parsed.error.issues), parsed.error.issues[0]?.message);
    try {
      res.set('Cache-Control', 'no-store').json(await grant.token(parsed.data));
    } catch (error) {
      if (error instanceof DeviceTokenRefusal) return oauthError(res, error.error);
      throw error;
    }
  });

  router.get(
    '/api/auth/device/pending',
    requireUser(verifyToken),
    validate('query', z.object({ user_code: userCodeSchema })),
    async (req, res) => {
      res.json({ device: await grant.pending((req.query as unknown as { user_code: string }).user_code) });
    },
  );

  router.post('/api/auth/device/decision', requireUser(verifyToken), validate('body', deviceDecisionSchema), async (req, res) => {
    res.json({ message: await grant.decide(req.body.user_code, req.body.decision, req.auth!) });
  });

  router.get('/api/auth/desktop/sessions', requireUser(verifyToken), async (req, res) => {
    const sessions = await grant.sessions(req.auth!.userId);
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
    await grant.revoke(req.auth!.userId, String(req.params.id));
    res.status(204).end();
  });

  /** Who the desktop app is signed in as: the call that proves a desktop token works. */
  router.get('/api/auth/desktop/me', requireDesktop(verifyToken), (req, res) => {
    res.json({ user: { id: req.auth!.userId, email: req.auth!.email } });
  });

  return router;
}
