import { Router } from 'express';
import { z } from 'zod';
import { changeEndpointSchema, createEndpointSchema, type ChangeEndpointRequest, type CreateEndpointRequest } from '@portal/contracts';
import { personParams, type WebhookEndpointsRecord } from '@portal/contracts/internal';
import { requireAdmin, requireService, requireUser, validate, type Authenticated, type TokenVerifier } from '@portal/platform';
import type { endpointUseCases } from '../domain/endpoints.use-cases';
import type { EndpointOwner } from '../domain/ports';
import type { webhookDeliveryUseCases } from '../domain/webhook-delivery.use-cases';

const endpointParams = z.object({ id: z.string().regex(/^ep_[\w-]{1,40}$/, 'No such endpoint') });
const deliveryParams = endpointParams.extend({ webhookId: z.string().regex(/^msg_[\w-]{1,40}$/, 'No such delivery') });

type Endpoints = ReturnType<typeof endpointUseCases>;
type Deliveries = ReturnType<typeof webhookDeliveryUseCases>;

/**
 * One owner's endpoints under `base`: a person's at /api/webhooks (their account's events and their
 * firms'), the vendor's at /api/admin/webhooks (every account's, the owner admins').
 */
function endpointRoutes(
  base: string,
  guard: ReturnType<typeof requireUser>,
  ownerOf: (locals: Authenticated) => EndpointOwner,
  endpoints: Endpoints,
  deliveries: Deliveries,
) {
  const router = Router();
  const owner = (res: { locals: unknown }) => ownerOf(res.locals as Authenticated);
  router.get(`${base}/endpoints`, guard, async (_req, res) => {
    res.json({ endpoints: await endpoints.list(owner(res)) });
  });
  router.post(`${base}/endpoints`, guard, validate('body', createEndpointSchema), async (req, res) => {
    const { auth } = res.locals as Authenticated;
    res.status(201).json(await endpoints.create(owner(res), auth.email, req.body as CreateEndpointRequest));
  });
  router.patch(
    `${base}/endpoints/:id`,
    guard,
    validate('params', endpointParams),
    validate('body', changeEndpointSchema),
    async (req, res) => {
      res.json(await endpoints.change(owner(res), req.params.id as string, req.body as ChangeEndpointRequest));
    },
  );
  router.delete(`${base}/endpoints/:id`, guard, validate('params', endpointParams), async (req, res) => {
    await endpoints.remove(owner(res), req.params.id as string);
    res.status(204).end();
  });
  router.post(`${base}/endpoints/:id/rotate-secret`, guard, validate('params', endpointParams), async (req, res) => {
    res.json(await endpoints.rotate(owner(res), req.params.id as string));
  });
  router.post(`${base}/endpoints/:id/test`, guard, validate('params', endpointParams), async (req, res) => {
    const endpoint = endpoints.enabled(await endpoints.own(owner(res), req.params.id as string));
    res.status(202).json(await deliveries.sendTest(endpoint));
  });
  router.get(`${base}/endpoints/:id/deliveries`, guard, validate('params', endpointParams), async (req, res) => {
    res.json({ deliveries: await deliveries.log(await endpoints.own(owner(res), req.params.id as string)) });
  });
  router.post(`${base}/endpoints/:id/deliveries/:webhookId/send-again`, guard, validate('params', deliveryParams), async (req, res) => {
    const endpoint = endpoints.enabled(await endpoints.own(owner(res), req.params.id as string));
    res.status(202).json(await deliveries.sendAgain(endpoint, req.params.webhookId as string));
  });
  return router;
}

export function webhookRoutes(endpoints: Endpoints, deliveries: Deliveries, verifyToken: TokenVerifier, serviceSecret: string): Router {
  const router = Router();
  // the person's endpoints, for their copy of their data (admin-reporting joins it)
  router.get(
    '/internal/users/:userId/webhooks',
    requireService(serviceSecret, ['admin-reporting']),
    validate('params', personParams),
    async (req, res) => {
      const answer: WebhookEndpointsRecord = { endpoints: await endpoints.list(`user:${req.params.userId as string}`) };
      res.json(answer);
    },
  );
  router.use(endpointRoutes('/api/webhooks', requireUser(verifyToken), ({ auth }) => `user:${auth.userId}`, endpoints, deliveries));
  router.use(endpointRoutes('/api/admin/webhooks', requireAdmin(verifyToken, 'manage-webhooks'), () => 'vendor', endpoints, deliveries));
  return router;
}
