import http from 'node:http';

declare module 'http' {
  interface Agent {
    /** Node's own step that gives a request its socket; @types/node leaves it out. */
    addRequest(req: ClientRequest, options: RequestOptions): void;
  }
}

/**
 * Keep-alive sockets to one service, with the silence allowed set once per socket (its timeout)
 * rather than a timer per call; an idle pooled socket is closed when it runs out.
 *
 * http-proxy names every TLS option in each call's options, undefined for plain HTTP, and Node's
 * agent copies each call's options, with its own, into a fresh dictionary: those undefined
 * names were a twentieth of the gateway's instructions per call (docs/operations.md). The agent
 * is handed only the options that are set, which is all it would read.
 */
class SetOptionsAgent extends http.Agent {
  override addRequest(req: http.ClientRequest, options: http.RequestOptions): void {
    const set: Record<string, unknown> = {};
    for (const key in options) {
      const value = options[key as keyof http.RequestOptions];
      if (value !== undefined) set[key] = value;
    }
    super.addRequest(req, set);
  }
}

export function createUpstreamAgent(silenceMs: number): http.Agent {
  return new SetOptionsAgent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 10_000, timeout: silenceMs });
}
