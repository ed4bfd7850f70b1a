import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';

/** A year, for the portal's host and its subdomains, once it is reached over HTTPS. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * RFC 6797 §7.2: Strict-Transport-Security goes only on answers over HTTPS. TLS ends either here
 * or at a proxy in front of us, which is trusted to say so in X-Forwarded-Proto.
 */
export function sendHstsOverHttps(req: IncomingMessage, res: ServerResponse, fromTrustedProxy: (address: string) => boolean): void {
  const tls = (req.socket as TLSSocket).encrypted === true;
  if (!tls && req.headers['x-forwarded-proto'] === undefined) return;
  const forwarded = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',', 1)[0]!
    .trim()
    .toLowerCase();
  const secure = tls || (forwarded === 'https' && fromTrustedProxy(req.socket.remoteAddress ?? ''));
  if (secure) res.setHeader('Strict-Transport-Security', HSTS_VALUE);
}

/** Adds Origin to a Vary list, once: answers differ by Origin wherever CORS may answer. */
export function varyOnOrigin(existing: string | string[] | number | undefined): string {
  if (existing === undefined) return 'Origin';
  const value = Array.isArray(existing) ? existing.join(', ') : String(existing);
  if (/(^|,)\s*(origin|\*)\s*(,|$)/i.test(value)) return value;
  return value ? `${value}, Origin` : 'Origin';
}
