import { Router, type Request } from 'express';
import busboy from 'busboy';
import { z } from 'zod';
import { versionSchema } from '@portal/contracts';
import { badRequest, requireAdmin, type Authenticated, type RouteParams, type TokenVerifier } from '@portal/platform';
import type { StoredFile } from '../domain/ports';
import type { releaseUseCases } from '../domain/releases.use-cases';

const releaseFields = z.object({
  version: versionSchema,
  notes: z.string().trim().max(10_000, 'Release notes must be at most 10,000 characters').default(''),
});

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

export function adminReleaseRoutes(releases: ReturnType<typeof releaseUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();
  router.get('/api/admin/releases', requireAdmin(verifyToken, 'view'), async (_req, res) => {
    res.json({ releases: await releases.list() });
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
    const release = await releases.publish({ ...parsed.data, file, publishedBy: res.locals.auth.email });
    res.status(201).json({ release });
  });

  return router;
}
