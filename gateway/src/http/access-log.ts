import pino, { type Logger } from 'pino';
import type { ProxiedRequest } from '../routing/proxy';

/** Records one answered API call. */
export type AccessLog = (req: ProxiedRequest, status: number) => void;

/**
 * The gateway's line per API call: what `logger.info({ requestId, method, url, status, upstream,
 * clientAddress, subject, ms })` writes, built directly. The caller's address and the signed-in
 * subject are what an incident's timeline needs of each call (CERT-In's logs). pino's general serializer reads its own instance about a hundred
 * times a line and looks up serializers for every field; these six fields are known, and leaving
 * the general path saved about 6 % of the gateway's instructions per call (docs/operations.md).
 * The level label, time and bindings still come from the logger, through the symbols pino
 * publishes for integrations on a hot path, and the line goes to the logger's own destination
 * (batched JSON, or the pretty printer's filter). None when the logger's level leaves out `info`.
 */
export function createAccessLog(logger: Logger): AccessLog | undefined {
  if (!logger.isLevelEnabled('info')) return undefined;
  // pino's typing names none of its symbols' properties: read as the integrations do
  const levels: Record<number, string> = Reflect.get(logger, pino.symbols.lsCacheSym);
  const level = levels[pino.levels.values.info as number];
  const time: () => string = Reflect.get(logger, pino.symbols.timeSym);
  const bindings: string = Reflect.get(logger, pino.symbols.chindingsSym);
  const destination: { write(line: string): unknown } = Reflect.get(logger, pino.symbols.streamSym);
  // Only the url can hold a character JSON escapes: the request id is plain (requestIdFrom), the
  // method one that Node's parser knows, the service a name from the route table, the address an
  // IP address (proxy-addr's or the socket's); the subject field comes rendered (token-check.ts).
  return (req, status) => {
    // as pino leaves out an undefined field: a call no route matched has no service
    const upstream = req.upstream === undefined ? '' : `,"upstream":"${req.upstream}"`;
    const client = req.clientAddress === undefined ? '' : `,"clientAddress":"${req.clientAddress}"`;
    const ms = Math.round((performance.now() - req.startedAt) * 10) / 10;
    destination.write(
      `${level}${time()}${bindings},"requestId":"${req.id}","method":"${req.method}",` +
        `"url":${JSON.stringify(req.url)},"status":${status}${upstream}${client}${req.subjectField ?? ''},"ms":${ms}}\n`,
    );
  };
}
