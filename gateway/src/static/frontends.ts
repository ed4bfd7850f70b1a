import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import express, { type Response, type Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { isAdminPath, isPartnerPath, PAGE_MODULES } from '@portal/contracts';
import { LIVE_RELOAD_TAG, liveReload } from './live-reload';
import { remotePreloads } from './remote-preloads';

/**
 * Paths that never get the shell's index.html: the API, service-to-service routes, remotes and
 * files (a missing script must be a 404, not an HTML page the browser refuses to run).
 */
const notAPage = (path: string) =>
  path.startsWith('/api/') || path === '/api' || path.startsWith('/internal') || path.startsWith('/remotes/') || /\.[a-z0-9]+$/i.test(path);

const PLACEHOLDER = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tax Practitioner Portal</title></head>
<body><main><h1>Tax Practitioner Portal</h1><p>The portal's pages are not built yet. The API is served under /api.</p></main></body></html>`;

// Chunk names carry a content hash (webpack's [contenthash:6], short because every chunk's name is
// listed in the entries the landing page loads): such a file never changes.
const CONTENT_HASHED = /\.[0-9a-f]{6}\.[a-z]+(\.br|\.gz)?$/;

/** What the pages learn at run time, so one build serves every deployment. */
export interface PageSettings {
  googleClientId?: string;
  /** `npm run dev`: pages reload after each rebuild. */
  liveReload?: boolean;
}

function headAdditions({ googleClientId, liveReload }: PageSettings): string {
  return (googleClientId ? `<meta name="google-client-id" content="${googleClientId}">` : '') + (liveReload ? LIVE_RELOAD_TAG : '');
}

/**
 * Serves the shell and its remotes when their builds exist; any other page path gets the
 * shell's index.html so client-side routes survive a reload. index.html is read once, like the
 * compressed copies, except in `npm run dev`, where each page load rereads it so that a rebuild
 * shows at once.
 */
export function staticFrontends(staticDir: string, settings: PageSettings = {}): Router {
  const router = express.Router();
  const root = path.resolve(staticDir);
  const index = path.join(root, 'index.html');
  const additions = headAdditions(settings);
  // The admin's pages also name the admin remote's files, which other pages never load, the
  // partner area's the partner remote's, and each portal page its own module's files.
  const readPages = async () => {
    const page = (await readFile(index, 'utf8')).replace('</head>', `${additions}</head>`);
    const withPreloads = (tags: string) => page.replace('</head>', `${tags}</head>`);
    const adminTags = await remotePreloads(path.join(root, 'remotes', 'admin'));
    const partnerTags = await remotePreloads(path.join(root, 'remotes', 'partner'));
    const portalTags = await remotePreloads(path.join(root, 'remotes', 'portal'), { entry: false });
    const adminPage = withPreloads(adminTags('./App'));
    const partnerPage = withPreloads(partnerTags('./App'));
    const portalPages = new Map<string, string>(
      Object.entries(PAGE_MODULES).map(([pagePath, module]) => [pagePath, withPreloads(portalTags(`./${module}`))]),
    );
    return (pagePath: string) =>
      isAdminPath(pagePath) ? adminPage : isPartnerPath(pagePath) ? partnerPage : (portalPages.get(pagePath) ?? page);
  };
  let pages: ReturnType<typeof readPages> | undefined;
  const currentPages = () =>
    settings.liveReload
      ? readPages()
      : (pages ??= readPages().catch((error: unknown) => {
          pages = undefined; // a failed read is tried again on the next page load
          throw error;
        }));
  const sendIndex = async (pagePath: string, res: Response) => {
    const pageAt = await currentPages();
    res.set('Cache-Control', 'no-cache').type('html').send(pageAt(pagePath));
  };
  if (settings.liveReload) router.use(liveReload(root));
  if (existsSync(index)) {
    router.get('/index.html', (req, res) => sendIndex(req.path, res));
    // The build's brotli and gzip copies when the browser takes them; hashed chunks are cached for
    // good, the rest (main.js, remoteEntry.js) revalidated so a deployment shows at once.
    router.use(
      expressStaticGzip(root, {
        index: false,
        enableBrotli: true,
        orderPreference: ['br', 'gz'],
        serveStatic: {
          index: false,
          setHeaders: (res, file) =>
            res.setHeader('Cache-Control', CONTENT_HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache'),
        },
      }),
    );
    router.get('/{*splat}', (req, res, next) => (notAPage(req.path) ? next() : sendIndex(req.path, res)));
  } else {
    router.get('/{*splat}', (req, res, next) => (notAPage(req.path) ? next() : res.type('html').send(PLACEHOLDER)));
  }
  return router;
}
