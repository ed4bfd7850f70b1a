import type { IncomingMessage, ServerResponse } from 'node:http';
import { Router } from 'express';
import { z } from 'zod';
import { publishUploadSchema, releaseUploadIdSchema } from '@portal/contracts';
import { requireAdmin, validate, type TokenVerifier } from '@portal/platform';
import type { releaseSteeringUseCases } from '../domain/release-steering.use-cases';
import type { releaseUploadUseCases } from '../domain/release-uploads.use-cases';

const uploadParams = z.object({ uploadId: releaseUploadIdSchema });
// RELEASE_UPLOADS_PATH, where the tus server answers
const UPLOADS = '/api/admin/releases/uploads';
const UPLOAD = '/api/admin/releases/uploads/:uploadId';

/**
 * The Releases tab's installer upload: the tus protocol's calls, to an admin who may publish, and
 * the release made from a whole upload.
 */
export function releaseUploadRoutes(
  uploads: ReturnType<typeof releaseUploadUseCases>,
  tus: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  steering: ReturnType<typeof releaseSteeringUseCases>,
  verifyToken: TokenVerifier,
): Router {
  const router = Router();
  const publisher = requireAdmin(verifyToken, 'publish-releases');

  router.post(
    '/api/admin/releases/uploads/:uploadId/publish',
    publisher,
    validate('params', uploadParams),
    validate('body', publishUploadSchema),
    async (req, res) => {
      const release = await uploads.publish(req.params.uploadId, req.body, res.locals.auth.email);
      res.status(201).json({ release: await steering.view(release.version) });
    },
  );

  // the protocol: POST makes an upload, HEAD asks how much arrived, PATCH appends, DELETE drops it
  const protocol = async (req: IncomingMessage, res: ServerResponse) => tus(req, res);
  router.post(UPLOADS, publisher, protocol);
  router.head(UPLOAD, publisher, protocol);
  router.patch(UPLOAD, publisher, protocol);
  router.delete(UPLOAD, publisher, protocol);

  return router;
}
