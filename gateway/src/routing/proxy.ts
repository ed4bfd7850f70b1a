import http from 'node:http';
import type { RequestHandler, Request, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { ERROR_CODES, type ErrorBody } from '@portal/contracts';
import type { Logger } from 'pino';
import type { ServiceName } from './route-table';

export type Upstreams = Record<ServiceName, string>;

interface ProxiedRequest extends Request {
  upstream?: ServiceName;
  upstreamTimedOut?: boolean;
}

const unreachable = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ECONNRESET', 'EPIPE']);

function fail(req: ProxiedRequest, res: Response, status: number, error: ErrorBody['error'], message: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body: ErrorBody = { error, message, requestId: req.id };
  res.status(status).json(body);
}

/**
 * Forwards the request, body unread, to the service the route table chose. Keep-alive sockets
 * to the services spare a TCP handshake per request; the timeout is ours rather than
 * http-proxy's so that a slow service (504) can be told apart from an absent one (503).
 */
export function proxyToServices(upstreams: Upstreams, timeoutMs: number, logger: Logger): RequestHandler {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 10_000 });
  return createProxyMiddleware<ProxiedRequest, Response>({
    router: (req) => upstreams[req.upstream as ServiceName],
    agent,
    xfwd: true,
    logger: undefined,
    on: {
      proxyReq: (proxyReq, req) => {
        proxyReq.setTimeout(timeoutMs, () => {
          req.upstreamTimedOut = true;
          proxyReq.destroy();
        });
      },
      error: (err, req, res) => {
        const request = req as ProxiedRequest;
        const response = res as Response;
        const code = (err as NodeJS.ErrnoException).code ?? '';
        if (request.upstreamTimedOut) {
          fail(request, response, 504, ERROR_CODES.gatewayTimeout, `The ${request.upstream} service did not answer in time`);
        } else if (unreachable.has(code)) {
          fail(request, response, 503, ERROR_CODES.serviceUnavailable, `The ${request.upstream} service is unavailable`);
        } else {
          logger.error({ err, requestId: request.id, upstream: request.upstream }, 'proxy error');
          fail(request, response, 502, ERROR_CODES.badGateway, `The ${request.upstream} service could not be reached`);
        }
      },
    },
  }) as unknown as RequestHandler;
}
