import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyAddr from 'proxy-addr';
import { REQUEST_ID_HEADER, notFound, requestIdFrom } from '@portal/platform';
import type { RateLimit } from '../middleware/rate-limit';
import type { TokenGuard } from '../middleware/token-check';
import { matchRoute } from '../routing/match-route';
import type { Proxy, ProxiedRequest, ProxyHooks } from '../routing/proxy';
import type { AccessLog } from './access-log';
import type { HeaderList } from './security-headers';
import { sendError } from './send-error';
import { sendHstsOverHttps } from './transport-security';

/** A Connect-style middleware on Node's own request and response, as the cors package makes one. */
export type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export interface ApiHandlerDeps {
  securityHeaders: HeaderList;
  cors: NodeMiddleware;
  rateLimit: RateLimit;
  guard: TokenGuard;
  createProxy: (hooks: ProxyHooks) => Proxy;
  accessLog?: AccessLog;
  trustProxy: string;
}

/**
 * The hot path for /api/*: request id, CORS, the per-IP limit, the token check and the proxy,
 * with no body parsing and no router. Everything else (pages, /health) goes through the express
 * app. Proxied answers carry the security headers the service's own helmet set; answers the
 * gateway writes itself get the same headers here.
 */
export function createApiHandler(deps: ApiHandlerDeps): (req: IncomingMessage, res: ServerResponse) => void {
  const trusted = proxyAddr.compile(deps.trustProxy.split(',').map((part) => part.trim()));
  const runCors = (req: IncomingMessage, res: ServerResponse) => new Promise<void>((resolve) => deps.cors(req, res, resolve));

  const answer = (req: ProxiedRequest, res: ServerResponse, error: unknown) => {
    if (!res.headersSent) {
      res.setHeader(REQUEST_ID_HEADER, req.id);
      for (const [name, value] of deps.securityHeaders) res.setHeader(name, value);
      // Whether CORS headers come back depends on Origin, so every answer says so to caches (the
      // proxy adds it to the service's answers, the cors package to its own).
      res.setHeader('Vary', 'Origin');
    }
    sendError(req, res, error);
    deps.accessLog?.(req, res.statusCode);
  };

  const proxy = deps.createProxy({ onResponse: deps.accessLog, onError: answer });

  const fromTrustedProxy = (address: string) => trusted(address, 0);

  /** The caller's address: the socket's, unless trusted proxies before us name an earlier one. */
  const clientAddress = (req: ProxiedRequest) =>
    req.headers['x-forwarded-for'] === undefined ? (req.socket.remoteAddress ?? '') : proxyAddr(req, trusted);

  // Synchronous unless CORS or a new lease must be waited for: a promise per call was a
  // measurable part of the gateway's CPU per request.
  function handle(req: ProxiedRequest, res: ServerResponse): void | Promise<void> {
    sendHstsOverHttps(req, res, fromTrustedProxy);
    // Browsers send Origin on cross-origin calls and preflights; same-origin GETs need no CORS work.
    if (req.headers.origin) {
      res.setHeader(REQUEST_ID_HEADER, req.id); // a preflight is answered here
      return runCors(req, res).then(() => {
        if (!res.writableEnded) return route(req, res); // else a preflight was answered
      });
    }
    return route(req, res);
  }

  function route(req: ProxiedRequest, res: ServerResponse): void | Promise<void> {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    req.clientAddress = clientAddress(req);
    const rule = matchRoute(path);
    if (!rule) throw notFound(`No route for ${req.method} ${path}`);
    req.upstream = rule.service;
    req.isExport = rule.export === true;
    req.subjectField = deps.guard(rule, req.headers.authorization, req.socket);
    const limited = deps.rateLimit(req.clientAddress);
    if (limited) return limited.then(() => proxy(req, res));
    proxy(req, res);
  }

  return (incoming, res) => {
    const req = incoming as ProxiedRequest;
    req.startedAt = performance.now();
    req.id = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
    req.headers[REQUEST_ID_HEADER] = req.id;
    try {
      handle(req, res)?.catch((error: unknown) => answer(req, res, error));
    } catch (error) {
      answer(req, res, error);
    }
  };
}
