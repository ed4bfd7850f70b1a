import { Router } from 'express';
import { requireService, validate } from '@portal/platform';
import { channelParamsSchema } from '@portal/contracts';
import { internalDownloadSummaryBody, type InternalChannelMinimum } from '@portal/contracts/internal';
import type { downloadUseCases } from '../domain/downloads.use-cases';
import type { ChannelPolicyStore } from '../domain/ports';

/** Download activity for the admin area, and a channel's minimum version for billing's licences; service credential only. */
export function internalRoutes(
  downloads: ReturnType<typeof downloadUseCases>,
  policies: Pick<ChannelPolicyStore, 'find'>,
  serviceSecret: string,
): Router {
  const router = Router();
  router.use('/internal', requireService(serviceSecret));
  router.post('/internal/downloads/summary', validate('body', internalDownloadSummaryBody), async (req, res) => {
    res.json({ summaries: await downloads.summaries(req.body.userIds) });
  });
  router.get('/internal/releases/channels/:channel', validate('params', channelParamsSchema), async (req, res) => {
    const policy = await policies.find(req.params.channel);
    const answer: InternalChannelMinimum = { minimumVersion: policy?.minimumVersion ?? null, message: policy?.message ?? '' };
    res.json(answer);
  });
  return router;
}
