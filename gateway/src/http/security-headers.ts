import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';

export type HeaderList = readonly (readonly [string, string])[];

/**
 * The headers helmet sets, captured once at start-up. Pages get helmet as middleware; proxied
 * API calls get this list, the same headers without helmet's per-request work.
 */
export function captureHelmetHeaders(options: Parameters<typeof helmet>[0]): HeaderList {
  // a response of Node's own, never sent: helmet writes its headers on it, as on a page's
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(options)(request, response, () => undefined);
  return response.getHeaderNames().map((name) => [name, String(response.getHeader(name))] as const);
}
