import type { Request, Response } from 'express';
import type { z } from 'zod';
import { DEVICE_TOKEN_ERROR_DESCRIPTIONS, OAUTH_REQUEST_MESSAGES, type DeviceTokenError } from '@portal/contracts';

/** An OAuth endpoint's refusal in RFC 6749 §5.2's shape, which the desktop app's OAuth library reads. */
export class OAuthRefusal extends Error {
  constructor(
    readonly error: DeviceTokenError,
    readonly description: string = DEVICE_TOKEN_ERROR_DESCRIPTIONS[error as Exclude<DeviceTokenError, 'invalid_request'>],
    /** 401 only where the client tried to authenticate (§5.2, invalid_client). */
    readonly challenge?: string,
  ) {
    super(error);
  }
}

export function sendOAuthRefusal(res: Response, refusal: OAuthRefusal): void {
  if (refusal.challenge) res.setHeader('WWW-Authenticate', refusal.challenge);
  // the desktop app is a public client: only a credential it should not have sent earns a 401
  res.status(refusal.challenge ? 401 : 400).json({ error: refusal.error, error_description: refusal.description });
}

function refusalFor(issues: z.core.$ZodIssue[], body: Record<string, unknown>): OAuthRefusal {
  const field = String(issues[0]?.path[0] ?? (body.grant_type === undefined ? 'grant_type' : ''));
  switch (field) {
    case 'grant_type':
      return body.grant_type === undefined
        ? new OAuthRefusal('invalid_request', OAUTH_REQUEST_MESSAGES.grantMissing)
        : new OAuthRefusal('unsupported_grant_type');
    case 'client_id':
      return new OAuthRefusal('invalid_client');
    case 'scope':
      return new OAuthRefusal('invalid_scope');
    default:
      return new OAuthRefusal('invalid_request', OAUTH_REQUEST_MESSAGES.malformed(field || 'grant_type'));
  }
}

/**
 * An OAuth endpoint's parameters as RFC 6749 sends them (§3.2, §4.1.3): a form body, each
 * parameter once, and, for our public client, no client authentication (§2.3, §5.2).
 */
export function readOAuthForm<S extends z.ZodType>(req: Request, schema: S): z.infer<S> {
  if (/^basic\s/i.test(req.headers.authorization ?? '')) {
    throw new OAuthRefusal('invalid_client', OAUTH_REQUEST_MESSAGES.basicAuth, 'Basic realm="tax-portal"');
  }
  if (!req.is('application/x-www-form-urlencoded')) throw new OAuthRefusal('invalid_request', OAUTH_REQUEST_MESSAGES.notForm);
  const body = (req.body ?? {}) as Record<string, unknown>;
  const repeated = Object.keys(body).find((name) => Array.isArray(body[name]));
  if (repeated) throw new OAuthRefusal('invalid_request', OAUTH_REQUEST_MESSAGES.repeated(repeated));
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw refusalFor(parsed.error.issues, body);
  return parsed.data;
}
