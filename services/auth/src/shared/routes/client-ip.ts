import type { Request } from 'express';

/** The caller's address as the gateway forwarded it (express trusts only private proxies). */
export const clientIp = (req: Pick<Request, 'ip' | 'socket'>) => req.ip ?? req.socket.remoteAddress ?? 'unknown';
