import type { ServerResponse } from 'node:http';
import { AppError } from '@portal/platform';
import { ERROR_CODES, type ErrorBody } from '@portal/contracts';

/** Writes the shared error body from the API fast path, where express's handler does not run. */
export function sendError(res: ServerResponse, requestId: string, error: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const known = error instanceof AppError ? error : new AppError(500, ERROR_CODES.internal, 'Something went wrong on our side');
  const body: ErrorBody = { error: known.code, message: known.message, requestId };
  for (const [name, value] of Object.entries(known.headers ?? {})) res.setHeader(name, value);
  res.statusCode = known.status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(body));
}
