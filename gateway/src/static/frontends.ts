import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';

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

/**
 * Serves the shell and its remotes when their builds exist; any other page path gets the
 * shell's index.html so client-side routes survive a reload.
 */
export function staticFrontends(staticDir: string): Router {
  const router = express.Router();
  const root = path.resolve(staticDir);
  const index = path.join(root, 'index.html');
  if (existsSync(index)) {
    router.use(
      express.static(root, {
        index: false,
        maxAge: '1h',
        setHeaders: (res, file) => file.endsWith('.html') && res.setHeader('Cache-Control', 'no-cache'),
      }),
    );
    router.get('/{*splat}', (req, res, next) =>
      notAPage(req.path) ? next() : res.sendFile(index, { headers: { 'Cache-Control': 'no-cache' } }),
    );
  } else {
    router.get('/{*splat}', (req, res, next) => (notAPage(req.path) ? next() : res.type('html').send(PLACEHOLDER)));
  }
  return router;
}
