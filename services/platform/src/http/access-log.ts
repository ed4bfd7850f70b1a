import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

/** One line per request, written when the response finishes. */
export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
        { requestId: req.id, method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        'request',
      );
    });
    next();
  };
}
