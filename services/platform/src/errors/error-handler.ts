import type { IncomingMessage, ServerResponse } from 'node:http';
import { isAxiosError } from 'axios';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ERROR_CODES, type ErrorBody } from '@portal/contracts';
import type { Logger } from 'pino';
import { errorPage, prefersHtml } from '../http/error-page';
import { AppError, notFound } from './app-errors';
import { dependencyOutage } from './dependency-outage';

export const notFoundHandler: RequestHandler = (req, _res, next) => next(notFound(`No route for ${req.method} ${req.path}`));

interface HttpError {
  status?: number;
  type?: string;
  headers?: Record<string, string>;
}

/** body-parser and send (res.sendFile) mark their own failures with a status, a type or headers. */
function fromHttpError(error: HttpError): AppError | undefined {
  if (error.type === 'entity.too.large') return new AppError(413, ERROR_CODES.payloadTooLarge, 'Request body is too large');
  if (error.type === 'entity.parse.failed') return new AppError(400, ERROR_CODES.badRequest, 'Request body is not valid JSON');
  if (error.status === 416) {
    return new AppError(416, ERROR_CODES.badRequest, 'The requested range is not inside the file', undefined, error.headers);
  }
  if (typeof error.status === 'number' && error.status >= 400 && error.status < 500) {
    return new AppError(error.status, ERROR_CODES.badRequest, 'Request could not be read');
  }
  return undefined;
}

/**
 * Another of our services refused a call of ours (a 4xx its caller did not expect and handle):
 * the portal's own failure, not the client's, so a 502 that is logged. Read as an HTTP error, its
 * status would have been passed on as the client's (billing's 404 became download's own 404).
 */
function fromInternalCall(error: unknown): AppError | undefined {
  if (!isAxiosError(error)) return undefined;
  return new AppError(502, ERROR_CODES.badGateway, 'Another part of the portal could not answer this request');
}

/** The shared error body, or the error page when a browser opened the link itself. */
export function sendErrorAnswer(req: IncomingMessage & { id: string }, res: ServerResponse, error: AppError): void {
  for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
  res.statusCode = error.status;
  if (prefersHtml(req)) {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    const path = ((req as { originalUrl?: string }).originalUrl ?? req.url ?? '/').split('?', 1)[0]!;
    res.end(errorPage({ status: error.status, message: error.message, requestId: req.id, path }));
    return;
  }
  const body: ErrorBody = { ...error.extra, error: error.code, message: error.message, requestId: req.id };
  if (error.details) body.details = error.details;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(body));
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const outage = dependencyOutage(error);
    const known = error instanceof AppError ? error : (outage ?? fromInternalCall(error) ?? fromHttpError((error ?? {}) as HttpError));
    // Our own failures are logged, with their cause; a client's mistakes (4xx) are not. An outage
    // is logged once per request as a warning: the readiness probe already reports it.
    if (outage) logger.warn({ err: error, requestId: req.id, method: req.method, url: req.originalUrl }, 'dependency unavailable');
    else if (!known || known.status >= 500)
      logger.error({ err: error, requestId: req.id, method: req.method, url: req.originalUrl }, 'unhandled error');
    // An answer already under way (a streamed export) cannot become an error answer; ending the
    // connection tells the client it is incomplete, where leaving it open would hang it.
    if (res.headersSent) return void res.destroy();
    sendErrorAnswer(req, res, known ?? new AppError(500, ERROR_CODES.internal, 'Something went wrong on our side'));
  };
}
