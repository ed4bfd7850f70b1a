import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler } from 'express';

export const REQUEST_ID_HEADER = 'x-request-id';
const acceptable = /^[\w.:-]{1,128}$/;

/** What the security log records of the request being served. */
export interface RequestOrigin {
  requestId: string;
  /** Through the gateway and trusted proxies, the caller's own address. */
  address?: string;
  userAgent?: string;
}

const storage = new AsyncLocalStorage<RequestOrigin>();

/** An incoming id is kept only when it is short and plain, so logs cannot be forged through it. */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && acceptable.test(header) ? header : randomUUID();
}

/** The id of the request being served, for calls this request makes to other services. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** The request being served, if any: its id, the caller's address and user agent. */
export function currentRequestOrigin(): RequestOrigin | undefined {
  return storage.getStore();
}

/** The caller's user agent as the portal keeps it: cut to 300 characters, or null. */
export const userAgentOf = (req: Pick<Request, 'headers'>): string | null => req.headers['user-agent']?.slice(0, 300) ?? null;

export const requestContext: RequestHandler = (req, res, next) => {
  req.id = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
  res.setHeader(REQUEST_ID_HEADER, req.id);
  const userAgent = userAgentOf(req);
  storage.run({ requestId: req.id, ...(req.ip ? { address: req.ip } : {}), ...(userAgent ? { userAgent } : {}) }, next);
};
