import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

export const REQUEST_ID_HEADER = 'x-request-id';
const acceptable = /^[\w.:-]{1,128}$/;

const storage = new AsyncLocalStorage<{ requestId: string }>();

/** An incoming id is kept only when it is short and plain, so logs cannot be forged through it. */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && acceptable.test(header) ? header : randomUUID();
}

/** The id of the request being served, for calls this request makes to other services. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

export const requestContext: RequestHandler = (req, res, next) => {
  req.id = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
  res.setHeader(REQUEST_ID_HEADER, req.id);
  storage.run({ requestId: req.id }, next);
};
