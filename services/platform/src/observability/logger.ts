import pino, { type DestinationStream, type Logger } from 'pino';
import pinoPretty from 'pino-pretty';
import { serializeError } from './error-serializer';

export type { Logger };

export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export interface LoggerOptions {
  /**
   * Collects lines and writes them in batches instead of one write per line. For hot paths such
   * as the gateway's access log; the last lines may be lost if the process is killed outright.
   */
  buffered?: boolean;
  /** Off only for loggers that never see bodies or headers, such as an access log. */
  redact?: boolean;
  /** JSON, for machines and containers; pretty, one short line per event for a person at a terminal. */
  format?: LogFormat;
  /** Pretty only: a request that answered below 400 in less than this many milliseconds is not shown. */
  slowRequestMs?: number;
  /** Where unbatched lines go; standard output unless a test reads them. */
  output?: NodeJS.WritableStream;
}

/** A request's own line (the services' access log and the gateway's) that went well and fast. */
function isRoutineRequest(line: string, slowRequestMs: number): boolean {
  if (!line.includes('"status":')) return false;
  const entry = JSON.parse(line) as { method?: unknown; status?: unknown; ms?: unknown };
  return typeof entry.method === 'string' && Number(entry.status) < 400 && Number(entry.ms) < slowRequestMs;
}

/**
 * pino's own pretty printer, synchronous so that nothing is lost on exit, behind a filter that
 * keeps a terminal for what a person should see: events, failures and slow requests.
 */
function prettyDestination(slowRequestMs: number, output: NodeJS.WritableStream = process.stdout): DestinationStream {
  const pretty = pinoPretty({
    destination: output,
    sync: true,
    colorize: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    messageFormat: (entry) =>
      typeof entry.method === 'string'
        ? `${entry.method} ${String(entry.url)} → ${String(entry.status)} in ${String(entry.ms)} ms`
        : String(entry.msg ?? ''),
    ignore: 'pid,hostname,service,name,requestId,method,url,status,ms,upstream,clientAddress,subject',
  });
  return { write: (line: string) => void (isRoutineRequest(line, slowRequestMs) || pretty.write(line)) };
}

/** How much a batched logger gathers before it writes. */
const BATCH_BYTES = 4096;

/**
 * Lines gathered and written to `output` about 4 kB at a time, synchronously all the same: an
 * asynchronous write hands each batch to libuv's thread pool, which cost the gateway more CPU per
 * line than the write saves (docs/operations.md). sonic-boom's own `minLength` buffer measures its
 * whole pending string on every line, which cost more than forming the line.
 */
export function batchedDestination(output: DestinationStream & { flush(done?: (error?: Error) => void): void }) {
  let lines: string[] = [];
  let length = 0;
  const writeBatch = () => {
    if (lines.length === 0) return;
    output.write(lines.join(''));
    lines = [];
    length = 0;
  };
  return {
    write(line: string) {
      lines.push(line);
      length += line.length;
      if (length >= BATCH_BYTES) writeBatch();
    },
    /** What pino's `logger.flush` calls. */
    flush(done?: (error?: Error) => void) {
      writeBatch();
      output.flush(done);
    },
  };
}

/** Logs with secrets redacted wherever they might appear: JSON, or pretty at a terminal. */
export function createLogger(
  name: string,
  level = 'info',
  { buffered = false, redact = true, format = 'json', slowRequestMs = 1000, output }: LoggerOptions = {},
): Logger {
  const destination =
    format === 'pretty'
      ? prettyDestination(slowRequestMs, output)
      : buffered
        ? batchedDestination(pino.destination({ dest: 1, sync: true }))
        : (output ?? pino.destination({ dest: 1, sync: true }));
  return pino(
    {
      name,
      level,
      base: { service: name },
      serializers: { err: serializeError },
      redact: redact
        ? {
            paths: ['req.headers.authorization', 'headers.authorization', '*.password', '*.newPassword', '*.token', 'password', 'token'],
            censor: '[redacted]',
          }
        : undefined,
    },
    destination,
  );
}
