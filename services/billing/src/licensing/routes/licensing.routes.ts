import { Router } from 'express';
import { z } from 'zod';
import {
  activationRequestSchema,
  deviceIdSchema,
  LICENSE_MESSAGES,
  licenseRefreshSchema,
  objectIdSchema,
  offlineActivationSchema,
  offlineDeactivationSchema,
} from '@portal/contracts';
import {
  requireAdmin,
  requireDesktop,
  requireUser,
  requireUserOrApiKey,
  validate,
  type ApiKeyVerifier,
  type TokenVerifier,
  type SecurityLog,
} from '@portal/platform';
import type { deviceMoveUseCases } from '../domain/device-moves.use-cases';
import type { fileActivationUseCases } from '../domain/file-activation.use-cases';
import type { licensingUseCases } from '../domain/licensing.use-cases';

const ownDevice = z.object({ deviceId: deviceIdSchema });
const userParams = z.object({ id: objectIdSchema('Malformed user id') });
const userDevice = userParams.extend({ deviceId: deviceIdSchema });
/** The seat an admin allows one more move: the person's own plan, or their seat on a firm's. */
const grantBody = z.object({ firmId: objectIdSchema('Malformed firm id').nullable().default(null) });

/**
 * The desktop app's activation and check-in (its own token), the published licence keys, and the
 * devices as the user and the admin see and deactivate them.
 */
export function licensingRoutes(
  {
    licensing,
    deviceMoves,
    files,
  }: {
    licensing: ReturnType<typeof licensingUseCases>;
    deviceMoves: ReturnType<typeof deviceMoveUseCases>;
    files: ReturnType<typeof fileActivationUseCases>;
  },
  verifyToken: TokenVerifier,
  verifyApiKey: ApiKeyVerifier,
  securityLog: SecurityLog,
): Router {
  const router = Router();
  const desktop = requireDesktop(verifyToken);
  const user = requireUser(verifyToken);

  // each activation, and each refusal with its code, goes to the security log
  router.post('/api/licenses/activate', desktop, validate('body', activationRequestSchema), async (req, res) => {
    const { userId, email } = res.locals.auth;
    const entry = { kind: 'licence-activated', subject: { type: 'user', id: userId, label: email } } as const;
    const details = { deviceId: req.body.deviceId, deviceName: req.body.deviceName, appVersion: req.body.appVersion };
    const licence = await licensing.activate(res.locals.auth, req.body).catch(async (refusal: unknown) => {
      await securityLog({ ...entry, outcome: 'failure', reason: (refusal as { code?: string }).code ?? 'error', details });
      throw refusal;
    });
    await securityLog({ ...entry, outcome: 'success', details });
    res.status(201).json(licence);
  });

  // a PC that cannot reach the portal, activated by the files it signed, carried by the practitioner
  router.post('/api/licenses/offline/activations', user, validate('body', offlineActivationSchema), async (req, res) => {
    const { userId, email } = res.locals.auth;
    const entry = { kind: 'licence-activated', subject: { type: 'user', id: userId, label: email } } as const;
    const licence = await files.activate(res.locals.auth, req.body.request).catch(async (refusal: unknown) => {
      await securityLog({ ...entry, outcome: 'failure', reason: (refusal as { code?: string }).code ?? 'error', details: { by: 'file' } });
      throw refusal;
    });
    const { deviceId, deviceName, appVersion } = licence.device;
    await securityLog({ ...entry, outcome: 'success', details: { deviceId, deviceName, appVersion, by: 'file' } });
    res.status(201).json(licence);
  });

  router.post('/api/licenses/offline/deactivations', user, validate('body', offlineDeactivationSchema), async (req, res) => {
    await files.deactivate(res.locals.auth.userId, req.body.proof);
    res.json({ message: LICENSE_MESSAGES.deactivated });
  });

  router.post('/api/licenses/refresh', desktop, validate('body', licenseRefreshSchema), async (req, res) => {
    res.json(await licensing.refresh(res.locals.auth, req.body));
  });

  router.get('/api/licenses/keys', async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(await licensing.keys());
  });

  router.get('/api/licenses/devices', requireUserOrApiKey(verifyToken, verifyApiKey, 'devices'), async (req, res) => {
    res.json({ devices: await licensing.devices(res.locals.auth.userId) });
  });

  // the holder's own deactivation moves the seat's licence, within the plan's moves a year
  router.delete('/api/licenses/devices/:deviceId', user, validate('params', ownDevice), async (req, res) => {
    await deviceMoves.moveByHolder(res.locals.auth.userId, req.params.deviceId);
    res.json({ message: LICENSE_MESSAGES.deactivated });
  });

  router.get('/api/admin/users/:id/devices', requireAdmin(verifyToken, 'view'), validate('params', userParams), async (req, res) => {
    res.json({ devices: await licensing.devices(req.params.id) });
  });

  router.delete(
    '/api/admin/users/:id/devices/:deviceId',
    requireAdmin(verifyToken, 'manage-users'),
    validate('params', userDevice),
    async (req, res) => {
      await licensing.deactivate(req.params.id, req.params.deviceId);
      res.json({ message: LICENSE_MESSAGES.deactivated });
    },
  );

  router.post(
    '/api/admin/users/:id/devices/moves',
    requireAdmin(verifyToken, 'manage-users'),
    validate('params', userParams),
    validate('body', grantBody),
    async (req, res) => {
      const moves = await deviceMoves.grant(req.params.id, req.body.firmId, res.locals.auth.email);
      res.status(201).json({ message: LICENSE_MESSAGES.moveGranted, moves });
    },
  );

  return router;
}
