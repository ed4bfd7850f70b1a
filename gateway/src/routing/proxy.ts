import http from 'node:http';
import { createProxyMiddleware, debugProxyErrorsPlugin, proxyEventsPlugin, type Plugin } from 'http-proxy-middleware';
import { AppError, REQUEST_ID_HEADER } from '@portal/platform';
import { ERROR_CODES } from '@portal/contracts';
import type { Logger } from 'pino';
import { varyOnOrigin } from '../http/transport-security';
import type { ServiceName } from './route-table';
import { createUpstreamAgent } from './upstream-agent';

export type Upstreams = Record<ServiceName, string>;

export interface ProxiedRequest extends http.IncomingMessage {
  id: string;
  startedAt: number;
  /** The route's service; a call no route matched has none. */
  upstream?: ServiceName;
  /** A route marked `export` in the route table. */
  isExport?: boolean;
  /** The caller's address, as the rate limit counts it (trusted proxies' X-Forwarded-For read). */
  clientAddress?: string;
  /** The access line's `,"subject":…` field, once the token is checked; empty on a public route. */
  subjectField?: string;
  upstreamTimedOut?: boolean;
}

export type Proxy = (req: ProxiedRequest, res: http.ServerResponse) => void;
/** The httpxy server a middleware configures. */
type ProxyServer = Parameters<Plugin>[0];

const unreachable = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
/** The silence allowed to an export, before its first row and between rows. */
const EXPORT_TIMEOUT_MS = 60_000;

/**
 * Forwards the call, body unread, to the service the route table chose. Keep-alive sockets to
 * the services spare a TCP handshake per call; the timeout is ours rather than httpxy's so
 * that a slow service (504) can be told apart from an absent one (503).
 */
export interface ProxyHooks {
  /** The service's answer has begun (its status is known). */
  onResponse?(req: ProxiedRequest, status: number): void;
  /** The service could not answer; the gateway answers instead. */
  onError(req: ProxiedRequest, res: http.ServerResponse, error: AppError): void;
}

export function createProxy(upstreams: Upstreams, timeoutMs: number, logger: Logger, hooks: ProxyHooks): Proxy {
  const callsAgent = createUpstreamAgent(timeoutMs);
  const exportsAgent = createUpstreamAgent(Math.max(timeoutMs, EXPORT_TIMEOUT_MS));
  const on = {
    proxyReq: (proxyReq: http.ClientRequest, req: http.IncomingMessage) => {
      proxyReq.once('timeout', () => {
        (req as ProxiedRequest).upstreamTimedOut = true;
        proxyReq.destroy();
      });
    },
    proxyRes: (proxyRes: http.IncomingMessage, req: http.IncomingMessage, res: http.ServerResponse) => {
      // the service's headers replace ours when copied, so Origin joins its own Vary; its answer
      // names the request id it was given, and one that does not is given it here
      const { headers } = proxyRes;
      const status = proxyRes.statusCode as number; // always set on an answer from a server
      headers.vary = varyOnOrigin(headers.vary);
      headers[REQUEST_ID_HEADER] ??= (req as ProxiedRequest).id;
      if (req.httpVersion === '1.0') {
        // an HTTP/1.0 client reads neither chunks nor a kept-alive connection it did not ask for
        delete headers['transfer-encoding'];
        headers.connection = req.headers.connection ?? 'close';
      }
      hooks.onResponse?.(req as ProxiedRequest, status);
      if (!res.headersSent) res.writeHead(status, proxyRes.statusMessage, headers);
      if (!res.writableEnded) proxyRes.pipe(res);
    },
    error: (err: Error, req: http.IncomingMessage, res: http.ServerResponse | NodeJS.Socket) => {
      const request = req as ProxiedRequest;
      const code = (err as NodeJS.ErrnoException).code ?? '';
      let error: AppError;
      if (request.upstreamTimedOut) {
        error = new AppError(504, ERROR_CODES.gatewayTimeout, `The ${request.upstream} service did not answer in time`);
      } else if (unreachable.has(code)) {
        error = new AppError(503, ERROR_CODES.serviceUnavailable, `The ${request.upstream} service is unavailable`);
      } else {
        logger.error({ err, requestId: request.id, upstream: request.upstream }, 'proxy error');
        error = new AppError(502, ERROR_CODES.badGateway, `The ${request.upstream} service could not be reached`);
      }
      hooks.onError(request, res as http.ServerResponse, error);
    },
  };
  // Per service, its target parsed once, one proxy for calls and one for exports. Of the default
  // plugins, the logger (it builds a URL per answer even with no logger) and the error page
  // (`on.error` answers) are left out; the debug-errors plugin stays, as it also releases the
  // service's answer when the client goes away. The answer's head is written whole by `proxyRes`
  // (`selfHandleResponse`), where httpxy's own passes set it a header at a time to rewrite
  // cookies, redirects and connections, none of which the services need.
  //
  // Each call goes to the httpxy server the middleware configured, which a plugin hands over,
  // rather than through the middleware's own handler: that one runs a path filter (a URL parse
  // and a glob test), a router and a path rewrite as a chain of promises for every call, none of
  // which the gateway uses (it has routed the call already). httpxy reports a failed call to the
  // `error` listeners (on.error) and then settles its promise, so the promise carries nothing.
  const proxyTo = (url: string, agent: http.Agent): Proxy => {
    const options = { target: new URL(url), agent, selfHandleResponse: true };
    let server: ProxyServer | undefined;
    const handOver: Plugin = (proxyServer) => {
      server = proxyServer;
    };
    createProxyMiddleware({ ...options, ejectPlugins: true, plugins: [debugProxyErrorsPlugin, proxyEventsPlugin, handOver], on });
    if (!server) throw new Error('http-proxy-middleware did not hand over its proxy server');
    const configured = server;
    return (req, res) => void configured.web(req, res, options);
  };
  const proxies = new Map(
    (Object.entries(upstreams) as [ServiceName, string][]).map(
      ([service, url]) => [service, { calls: proxyTo(url, callsAgent), exports: proxyTo(url, exportsAgent) }] as const,
    ),
  );
  return (req, res) => {
    appendForwardedFor(req);
    const proxy = req.upstream && proxies.get(req.upstream);
    (req.isExport ? proxy?.exports : proxy?.calls)?.(req, res);
  };
}

/**
 * The services learn the caller's address (express's req.ip) from X-Forwarded-For, to which a
 * proxy appends the address the call came from. httpxy's xfwd would add the port, protocol
 * and host as well, which no service reads, at a twentieth of the gateway's CPU per call.
 */
function appendForwardedFor(req: http.IncomingMessage): void {
  const peer = req.socket.remoteAddress ?? '';
  const earlier = req.headers['x-forwarded-for'];
  req.headers['x-forwarded-for'] = earlier ? `${earlier}, ${peer}` : peer;
}
