import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

export type HeaderList = readonly (readonly [string, string])[];

/**
 * The headers helmet sets, captured once at start-up. Pages get helmet as middleware; proxied
 * API calls get this list, the same headers without helmet's per-request work.
 */
export function captureHelmetHeaders(options: Parameters<typeof helmet>[0]): HeaderList {
  const captured: [string, string][] = [];
  const response = {
    setHeader: (name: string, value: string | number) => captured.push([name, String(value)]),
    removeHeader: () => undefined,
    getHeader: () => undefined,
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, response, () => undefined);
  return captured;
}
