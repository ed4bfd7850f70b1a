import http from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

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
 * The proxy names options it leaves unset (httpxy: localAddress, undefined), and Node's agent
 * copies each call's options, with its own, into a fresh dictionary, where an undefined name
 * costs as much as a set one (docs/operations.md). The agent is handed only the options that are
 * set, which is all it would read.
 */
class SetOptionsAgent extends http.Agent {
  constructor(
    options: http.AgentOptions,
    private readonly socketLifeMs: number,
    private readonly connectTimeoutMs: number,
  ) {
    super(options);
  }

  /**
   * A connection that is not made within `connectTimeoutMs` (its name resolved included) fails as
   * ETIMEDOUT, which the proxy answers as an absent service (503). The address of a container that
   * has just stopped or crashed can take a connection attempt and never answer it; without this,
   * the call would wait for the whole silence allowed and end as a slow service (504).
   */
  override createConnection(options: http.ClientRequestArgs, callback?: (err: Error | null, stream: Duplex) => void) {
    const socket = super.createConnection(options, callback) as Socket;
    if (socket.connecting) {
      const timer = setTimeout(() => socket.destroy(connectTimedOut(this.connectTimeoutMs)), this.connectTimeoutMs);
      const clear = () => clearTimeout(timer);
      socket.once('connect', clear).once('close', clear);
    }
    return socket;
  }

  /**
   * A kept-alive socket to a service that runs several replicas (compose's `--scale`, a Kubernetes
   * Service) stays with the replica it first reached: reused for ever, it would pin the gateway to
   * the replicas that were there when the pool filled. Each socket is kept for `socketLifeMs` from
   * its first reuse; the next call then connects anew, and the name resolves to any replica.
   */
  override keepSocketAlive(socket: Socket): boolean {
    const kept = socket as Socket & { [KEPT_SINCE]?: number };
    const now = Date.now();
    kept[KEPT_SINCE] ??= now;
    if (now - kept[KEPT_SINCE] >= this.socketLifeMs) return false;
    // Node's own answers true (its typing says void): the socket is kept
    const answer: unknown = super.keepSocketAlive(socket);
    return answer !== false;
  }

  override addRequest(req: http.ClientRequest, options: http.RequestOptions): void {
    const set: Record<string, unknown> = {};
    for (const key in options) {
      const value = options[key as keyof http.RequestOptions];
      if (value !== undefined) set[key] = value;
    }
    super.addRequest(req, set);
  }
}

const KEPT_SINCE = Symbol('keptSince');
/** Long enough that a connection carries many calls; short enough that a new replica gets its share within seconds. */
const SOCKET_LIFE_MS = 5_000;
/** A connection within one host or cluster takes a millisecond; 3 s still allows a lost SYN, which Linux sends again after 1 s. */
const CONNECT_TIMEOUT_MS = 3_000;

const connectTimedOut = (ms: number) => Object.assign(new Error(`no connection within ${ms} ms`), { code: 'ETIMEDOUT' });

export function createUpstreamAgent(
  silenceMs: number,
  { socketLifeMs = SOCKET_LIFE_MS, connectTimeoutMs = CONNECT_TIMEOUT_MS } = {},
): http.Agent {
  return new SetOptionsAgent(
    { keepAlive: true, maxSockets: 256, keepAliveMsecs: 10_000, timeout: silenceMs },
    socketLifeMs,
    connectTimeoutMs,
  );
}
