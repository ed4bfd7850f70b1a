import type { Server } from 'node:http';

/**
 * Closes an HTTP server without cutting a call: it stops accepting connections, closes the idle
 * keep-alive ones, and answers every call still arriving on a busy one with `Connection: close`,
 * so that the gateway's pooled sockets end after their answer instead of holding the close open.
 * Resolves once the last connection has ended.
 */
export function httpDrain(server: Server): () => Promise<void> {
  let draining = false;
  server.prependListener('request', (_req, res) => {
    if (draining) res.shouldKeepAlive = false;
  });
  return () =>
    new Promise<void>((resolve) => {
      draining = true;
      server.close(() => resolve());
      server.closeIdleConnections();
    });
}
