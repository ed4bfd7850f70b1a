import pino, { type Logger } from 'pino';

export type { Logger };

/** JSON logs with secrets redacted wherever they might appear. */
export function createLogger(name: string, level = 'info'): Logger {
  return pino({
    name,
    level,
    base: { service: name },
    redact: {
      paths: ['req.headers.authorization', 'headers.authorization', '*.password', '*.newPassword', '*.token', 'password', 'token'],
      censor: '[redacted]',
    },
  });
}
