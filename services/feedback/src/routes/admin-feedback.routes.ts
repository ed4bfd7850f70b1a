import { Router } from 'express';
import { z } from 'zod';
import {
  FEEDBACK_MESSAGES,
  feedbackListQuerySchema,
  feedbackUpdateSchema,
  istDateOf,
  objectIdSchema,
  type AdminAction,
} from '@portal/contracts';
import { csvInstant, requireAdmin, streamCsv, validate, type TokenVerifier } from '@portal/platform';
import type { feedbackUseCases } from '../domain/feedback.use-cases';

const idParams = z.object({ id: objectIdSchema('Malformed feedback id') });
const COLUMNS = [
  'ID',
  'User Email',
  'Type',
  'Component',
  'Message',
  'Status',
  'Submitted At',
  'App Version',
  'OS',
  'Admin Notes',
  'Resolved At',
  'Resolved By',
];

export function adminFeedbackRoutes(feedback: ReturnType<typeof feedbackUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();
  const admin = (action: AdminAction) => requireAdmin(verifyToken, action);

  router.get('/api/admin/feedback', admin('view'), validate('query', feedbackListQuerySchema), async (req, res) => {
    res.json({ feedback: await feedback.list(req.query) });
  });

  router.put(
    '/api/admin/feedback/:id',
    admin('manage-feedback'),
    validate('params', idParams),
    validate('body', feedbackUpdateSchema),
    async (req, res) => {
      res.json({ feedback: await feedback.update(req.params.id, req.body, res.locals.auth.email), message: FEEDBACK_MESSAGES.updated });
    },
  );

  router.delete('/api/admin/feedback/:id', admin('manage-feedback'), validate('params', idParams), async (req, res) => {
    await feedback.remove(req.params.id, res.locals.auth.email);
    res.json({ message: FEEDBACK_MESSAGES.deleted });
  });

  router.get('/api/admin/export/feedback', admin('export-people'), async (_req, res) => {
    await streamCsv(res, `feedback_${istDateOf(new Date())}.csv`, COLUMNS, feedback.export(), (item) => [
      item._id,
      item.userEmail,
      item.type,
      item.component,
      item.message,
      item.status,
      csvInstant(item.timestamp),
      item.appVersion,
      item.os,
      item.adminNotes,
      csvInstant(item.resolvedAt),
      item.resolvedBy,
    ]);
  });

  return router;
}
