import type { RequestHandler } from 'express';

/**
 * API answers carry personal, admin or token data, so no cache keeps them (RFC 9111 §5.2.2.5);
 * the few public ones (key sets) say so themselves.
 */
export const noStoreByDefault: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/** An answer with tokens in it: RFC 6749 §5.1 also asks HTTP/1.0 caches not to keep it. */
export const tokenAnswer: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
  next();
};
