import { Router } from 'express';
import { z } from 'zod';
import { installerFileName, versionSchema, objectIdSchema, updateQuerySchema } from '@portal/contracts';
import { requireDesktop, requireUser, validate, type TokenVerifier } from '@portal/platform';
import { NotEligibleError, type downloadUseCases } from '../domain/downloads.use-cases';
import type { releaseUseCases } from '../domain/releases.use-cases';
import type { updateUseCases } from '../domain/updates.use-cases';
import { sendNotEligible } from './not-eligible';

const versionParams = z.object({ version: versionSchema });
const linkQuery = z.object({
  user: objectIdSchema('This download link is not valid'),
  expires: z.coerce.number().int(),
  sig: z.string().max(100),
});

export interface DownloadRoutesDeps {
  releases: ReturnType<typeof releaseUseCases>;
  downloads: ReturnType<typeof downloadUseCases>;
  updates: ReturnType<typeof updateUseCases>;
  verifyToken: TokenVerifier;
}

export function downloadRoutes({ releases, downloads, updates, verifyToken }: DownloadRoutesDeps): Router {
  const router = Router();
  const user = requireUser(verifyToken);

  router.get('/api/download/latest-version', async (_req, res) => {
    res.json(await releases.latest());
  });

  /** The desktop app's update feed, with its own token. */
  router.get('/api/download/updates', requireDesktop(verifyToken), validate('query', updateQuerySchema), async (req, res) => {
    const { current, channel, deviceId } = req.query;
    res.json(await updates.check(res.locals.auth.userId, current, channel, deviceId));
  });

  router.get('/api/download/check-eligibility', user, async (req, res) => {
    const eligibility = await downloads.eligibility(res.locals.auth.userId);
    if (!eligibility.canDownload) return sendNotEligible(req, res, eligibility);
    res.json(eligibility);
  });

  router.get('/api/download/app/:version', user, validate('params', versionParams), async (req, res) => {
    try {
      await downloads.assertEligible(res.locals.auth.userId);
    } catch (error) {
      if (error instanceof NotEligibleError) return sendNotEligible(req, res, error.eligibility);
      throw error;
    }
    const release = await releases.live(req.params.version);
    res.json(downloads.link(release, res.locals.auth.userId));
  });

  /**
   * The signed link itself: streams the installer with its length, a strong ETag (its SHA-256)
   * and byte ranges, so an interrupted download resumes. A download is counted once, when a
   * transfer from the first byte has been sent whole: a failed or broken-off attempt is not one
   * (D1), and its resumption from a later byte completes it uncounted.
   */
  router.get('/api/download/file/:version', validate('params', versionParams), async (req, res, next) => {
    const parsed = linkQuery.safeParse(req.query);
    const version = req.params.version;
    downloads.checkLink(
      { version, userId: parsed.data?.user ?? '', expires: parsed.data?.expires ?? 0 },
      parsed.success ? parsed.data.sig : '',
    );
    const { release, file } = await releases.installer(version);
    const range = req.headers.range;
    const fromFirstByte = !range || /^bytes=0-/.test(range);
    res.setHeader('ETag', `"${release.sha256}"`);
    // Served by name under its folder's root: send then looks for dot-segments only in the name
    // (refused), not in the folder's own path, which may well hold one (`.data/releases`).
    res.sendFile(
      file.name,
      {
        root: file.root,
        dotfiles: 'deny',
        etag: false,
        lastModified: false,
        cacheControl: false,
        headers: {
          'Content-Disposition': `attachment; filename="${installerFileName(version)}"`,
          'Content-Type': 'application/vnd.microsoft.portable-executable',
          'Cache-Control': 'private, no-transform',
        },
      },
      (error) => {
        if (error) return void (!res.headersSent && next(error));
        if (fromFirstByte) void downloads.record(parsed.data!.user, version, req.headers['user-agent'] ?? '').catch(next);
      },
    );
  });

  return router;
}
