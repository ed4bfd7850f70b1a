import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ERROR_CODES, type ErrorBody } from '@portal/contracts';
import type { Logger } from 'pino';
import { AppError } from './app-errors';

export const notFoundHandler: RequestHandler = (req, res) => {
  const body: ErrorBody = { error: ERROR_CODES.notFound, message: `No route for ${req.method} ${req.path}`, requestId: req.id };
  res.status(404).json(body);
};

/** body-parser marks its own failures with a status and a type. */
function fromBodyParser(error: { status?: number; type?: string }): AppError | undefined {
  if (error.type === 'entity.too.large') return new AppError(413, ERROR_CODES.payloadTooLarge, 'Request body is too large');
  if (error.type === 'entity.parse.failed') return new AppError(400, ERROR_CODES.badRequest, 'Request body is not valid JSON');
  if (typeof error.status === 'number' && error.status >= 400 && error.status < 500) {
    return new AppError(error.status, ERROR_CODES.badRequest, 'Request could not be read');
  }
  return undefined;
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const known = error instanceof AppError ? error : fromBodyParser((error ?? {}) as { status?: number; type?: string });
    if (!known) logger.error({ err: error, requestId: req.id, method: req.method, url: req.originalUrl }, 'unhandled error');
    const appError = known ?? new AppError(500, ERROR_CODES.internal, 'Something went wrong on our side');
    if (res.headersSent) return;
    const body: ErrorBody = { error: appError.code, message: appError.message, requestId: req.id };
    if (appError.details) body.details = appError.details;
    if (appError.headers) res.set(appError.headers);
    res.status(appError.status).json(body);
  };
}
