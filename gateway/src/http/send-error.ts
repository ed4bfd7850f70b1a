import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError, sendErrorAnswer } from '@portal/platform';
import { ERROR_CODES } from '@portal/contracts';

/** Writes the shared error body (or page) from the API fast path, where express's handler does not run. */
export function sendError(req: IncomingMessage & { id: string }, res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendErrorAnswer(
    req,
    res,
    error instanceof AppError ? error : new AppError(500, ERROR_CODES.internal, 'Something went wrong on our side'),
  );
}
