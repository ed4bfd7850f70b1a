import { watch } from 'node:fs';
import express, { type Response, type Router } from 'express';

export const LIVE_RELOAD_TAG = '<script src="/__live-reload.js" defer></script>';

// Loaded from our own origin, so the pages' script-src 'self' admits it.
const CLIENT = `new EventSource('/__live-reload').addEventListener('rebuilt', () => location.reload());\n`;

/**
 * `npm run dev` only: open pages reload once a rebuild of the frontends has settled. The build
 * writes many files in a burst; one event goes out after it has been quiet for a moment.
 */
export function liveReload(staticDir: string): Router {
  const listeners = new Set<Response>();
  let settle: NodeJS.Timeout | undefined;
  watch(staticDir, { recursive: true }, () => {
    clearTimeout(settle);
    settle = setTimeout(() => {
      for (const res of listeners) res.write('event: rebuilt\ndata: {}\n\n');
    }, 300);
  }).unref();

  const router = express.Router();
  router.get('/__live-reload.js', (_req, res) => {
    res.type('js').set('Cache-Control', 'no-store').send(CLIENT);
  });
  router.get('/__live-reload', (req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    res.write(': connected\n\n');
    listeners.add(res);
    req.on('close', () => listeners.delete(res));
  });
  return router;
}
