import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Closes an HTTP server without cutting a call. Every call arriving once the drain has begun is
 * answered with `Connection: close`, so a client that keeps calling ends its own connection after
 * the answer. Only after `idleGraceMs` does the server stop and close the connections still idle:
 * closing an idle keep-alive connection at once races a request its client may be sending on it
 * (the client meets ECONNRESET), which a client that calls again within the grace never risks.
 * Resolves once the last connection has ended, at once when none is open.
 */
export function httpDrain(server: Server, { idleGraceMs = 2_000 }: { idleGraceMs?: number } = {}): () => Promise<void> {
  const open = new Set<Socket>();
  let draining = false;
  let whenNoneOpen: (() => void) | undefined;
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      if (open.size === 0) whenNoneOpen?.();
    });
  });
  server.prependListener('request', (_req, res) => {
    if (draining) res.shouldKeepAlive = false;
  });
  return () =>
    new Promise<void>((resolve) => {
      draining = true;
      let closing = false;
      const close = () => {
        if (closing) return;
        closing = true;
        clearTimeout(grace);
        // http.Server#close also closes the idle connections and lets the busy ones finish
        server.close(() => resolve());
      };
      const grace = setTimeout(close, idleGraceMs);
      whenNoneOpen = close;
      if (open.size === 0) close();
    });
}
