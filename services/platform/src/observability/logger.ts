import pino, { type Logger } from 'pino';

export type { Logger };

export interface LoggerOptions {
  /**
   * Collects lines and writes them in batches instead of one write per line. For hot paths such
   * as the gateway's access log; the last lines may be lost if the process is killed outright.
   */
  buffered?: boolean;
  /** Off only for loggers that never see bodies or headers, such as an access log. */
  redact?: boolean;
}

/** JSON logs with secrets redacted wherever they might appear. */
export function createLogger(name: string, level = 'info', { buffered = false, redact = true }: LoggerOptions = {}): Logger {
  const destination = buffered ? pino.destination({ dest: 1, sync: false, minLength: 4096 }) : undefined;
  return pino(
    {
      name,
      level,
      base: { service: name },
      redact: redact
        ? {
            paths: ['req.headers.authorization', 'headers.authorization', '*.password', '*.newPassword', '*.token', 'password', 'token'],
            censor: '[redacted]',
          }
        : undefined,
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}
