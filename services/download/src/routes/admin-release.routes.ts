import { Router, type Request } from 'express';
import busboy from 'busboy';
import { z } from 'zod';
import {
  channelParamsSchema,
  channelPolicySchema,
  releaseRolloutSchema,
  requiredTaxYearSchema,
  versionSchema,
  withdrawReleaseSchema,
} from '@portal/contracts';
import { badRequest, requireAdmin, validate, type Authenticated, type RouteParams, type TokenVerifier } from '@portal/platform';
import type { StoredFile } from '../domain/ports';
import type { releaseSteeringUseCases } from '../domain/release-steering.use-cases';
import type { releaseUseCases } from '../domain/releases.use-cases';

const releaseFields = z.object({
  version: versionSchema,
  notes: z.string().trim().max(10_000, 'Release notes must be at most 10,000 characters').default(''),
  // a form field is text: "10" stages the release to a tenth of its channel
  rollout: z.coerce.number().pipe(releaseRolloutSchema.shape.percent).optional(),
  requiresTaxYear: requiredTaxYearSchema.optional(),
});
const versionParams = z.object({ version: versionSchema });

/** Reads `version`, `notes` and one `file` from a multipart upload, streaming the file to storage. */
function readUpload(
  req: Request<RouteParams, unknown, unknown, unknown, Authenticated>,
  receive: (content: NodeJS.ReadableStream) => Promise<StoredFile>,
): Promise<{ fields: Record<string, string>; file?: StoredFile }> {
  if (!req.is('multipart/form-data')) throw badRequest('Send the release as multipart/form-data with the fields version, notes and file');
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: Promise<StoredFile> | undefined;
    const parser = busboy({ headers: req.headers, limits: { files: 1, fields: 10, fieldSize: 20_000 } });
    parser.on('field', (name, value) => (fields[name] = value));
    parser.on('file', (name, stream) => {
      if (name !== 'file' || file) return stream.resume();
      file = receive(stream);
      // An upload refused half-way (too large) fails at once; the rest of the body is drained.
      file.catch((error: unknown) => {
        req.unpipe(parser);
        req.resume();
        reject(error);
      });
    });
    parser.on('error', reject);
    parser.on('close', () => {
      if (!file) return resolve({ fields });
      file.then((stored) => resolve({ fields, file: stored }), reject);
    });
    req.pipe(parser);
  });
}

export function adminReleaseRoutes(
  releases: ReturnType<typeof releaseUseCases>,
  steering: ReturnType<typeof releaseSteeringUseCases>,
  verifyToken: TokenVerifier,
): Router {
  const router = Router();
  const steer = requireAdmin(verifyToken, 'publish-releases');
  router.get('/api/admin/releases', requireAdmin(verifyToken, 'view'), async (_req, res) => {
    res.json(await steering.overview());
  });

  router.post('/api/admin/releases', requireAdmin(verifyToken, 'publish-releases'), async (req, res) => {
    const { fields, file } = await readUpload(req, (content) => releases.receive(content as never));
    const parsed = releaseFields.safeParse(fields);
    if (!parsed.success || !file) {
      if (file) await releases.discard(file.tempKey);
      throw badRequest(
        parsed.success ? 'Attach the installer as the "file" field' : (parsed.error.issues[0]?.message ?? 'Invalid release'),
      );
    }
    const { rollout, requiresTaxYear, ...release } = parsed.data;
    await releases.publish({ ...release, file, publishedBy: res.locals.auth.email, rolloutPercent: rollout, requiresTaxYear });
    res.status(201).json({ release: await steering.view(release.version) });
  });

  router.put(
    '/api/admin/releases/:version/rollout',
    steer,
    validate('params', versionParams),
    validate('body', releaseRolloutSchema),
    async (req, res) => {
      res.json({ release: await steering.setRollout(req.params.version, req.body.percent, res.locals.auth.email) });
    },
  );

  router.post(
    '/api/admin/releases/:version/withdraw',
    steer,
    validate('params', versionParams),
    validate('body', withdrawReleaseSchema),
    async (req, res) => {
      res.json({ release: await steering.withdraw(req.params.version, req.body.reason, res.locals.auth.email) });
    },
  );

  router.put(
    '/api/admin/releases/channels/:channel',
    steer,
    validate('params', channelParamsSchema),
    validate('body', channelPolicySchema),
    async (req, res) => {
      const { minimumVersion, message } = req.body;
      res.json({ channel: await steering.setMinimum(req.params.channel, minimumVersion, message, res.locals.auth.email) });
    },
  );

  return router;
}
