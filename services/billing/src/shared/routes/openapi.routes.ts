import { Router } from 'express';
import { API_KEY_MESSAGES, API_KEY_SCOPE_LABELS, API_KEY_SCOPES, SUBSCRIPTION_STATES, type ApiKeyScope } from '@portal/contracts';

const json = (schema: object) => ({ 'application/json': { schema } });
const error = (description: string, message: string) => ({
  description,
  content: json({ $ref: '#/components/schemas/Error', examples: [{ error: 'error', message }] }),
});
const answers = (ok: object) => ({
  '200': ok,
  '401': error('The key is missing, malformed, revoked or unknown', API_KEY_MESSAGES.invalid),
  '403': error('The key lacks the call’s scope, or the firm is not the owner’s to manage', API_KEY_MESSAGES.scopeRefused),
  '404': error('No such firm, document or order for this account', 'Not found'),
  '429': error(`More than the key's calls a minute; Retry-After says when to try again`, API_KEY_MESSAGES.tooManyCalls),
});
const firmId = {
  name: 'firmId',
  in: 'query',
  required: false,
  description: 'A firm the key’s owner manages (its owner or an admin): the firm’s account rather than their own.',
  schema: { type: 'string', pattern: '^[0-9a-f]{24}$' },
};
const pathId = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,63}$' } });
const call = (scope: ApiKeyScope, summary: string, ok: object, parameters: object[] = [firmId]) => ({
  get: {
    summary,
    description: `Scope: \`${scope}\` (${API_KEY_SCOPE_LABELS[scope]}).`,
    tags: [scope],
    'x-scope': scope,
    parameters,
    security: [{ apiKey: [] }],
    responses: answers(ok),
  },
});
const pdf = { description: 'The document as PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } };
const object = (properties: Record<string, object>) => ({ type: 'object', properties });
const text = { type: 'string' };
const nullableText = { type: ['string', 'null'] };
const rupees = { type: 'number', description: 'Rupees, to the paisa' };

/**
 * The calls a read-only API key opens, as OpenAPI 3.1: what an integrator reads with a key and
 * nothing else. Served at /api/openapi.json; a test validates it and checks each path against
 * the routes that accept a key.
 */
export function apiKeyDocument(publicUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tax Practitioner Portal: read-only API',
      version: '1.0.0',
      description:
        'Read a customer’s plan, invoices, credit notes and activated PCs with a read-only API key made under Profile → Developers. Send it as `Authorization: Bearer tpk_…`. A key reads only what its scopes name and changes nothing.',
    },
    servers: [{ url: publicUrl }],
    tags: API_KEY_SCOPES.map((scope) => ({ name: scope, description: API_KEY_SCOPE_LABELS[scope] })),
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'tpk_<id>_<secret>' } },
      schemas: { Error: object({ error: text, message: text }) },
    },
    paths: {
      '/api/subscription-status': call('subscriptions', 'The account’s plan: its state, plan, period and end', {
        description: 'The plan',
        content: json(
          object({
            subscriptionStatus: { type: 'string', enum: SUBSCRIPTION_STATES },
            subscriptionPlan: text,
            billingPeriod: nullableText,
            subscriptionStartDate: nullableText,
            subscriptionEndDate: nullableText,
            daysRemaining: { type: 'integer' },
            seats: { type: 'integer' },
          }),
        ),
      }),
      '/api/subscription/periods': call('subscriptions', 'Every period the account paid for or was given, oldest first', {
        description: 'The periods',
        content: json(
          object({
            periods: {
              type: 'array',
              items: object({
                plan: text,
                billingPeriod: nullableText,
                from: text,
                to: nullableText,
                state: text,
                pricePaise: { type: 'integer' },
                merchantOrderId: nullableText,
              }),
            },
          }),
        ),
      }),
      '/api/billing/history': call('invoices', 'Payments, with each tax invoice, refund and credit note', {
        description: 'The payments, newest first',
        content: json(
          object({
            payments: {
              type: 'array',
              items: object({
                merchantOrderId: text,
                createdAt: text,
                plan: text,
                billingPeriod: text,
                amount: rupees,
                status: text,
                invoice: { oneOf: [{ type: 'null' }, object({ number: text, issuedAt: text, url: text })] },
                refunds: { type: 'array', items: { type: 'object' } },
                credits: { type: 'array', items: object({ number: text, issuedAt: text, url: text, amount: rupees }) },
              }),
            },
          }),
        ),
      }),
      '/api/billing/invoices/{merchantOrderId}': call('invoices', 'A payment’s tax invoice', pdf, [pathId('merchantOrderId'), firmId]),
      '/api/billing/credit-notes/{merchantRefundId}': call('invoices', 'A refund’s credit note', pdf, [pathId('merchantRefundId'), firmId]),
      '/api/licenses/devices': call(
        'devices',
        'The PCs activated on the key owner’s licence',
        {
          description: 'The PCs',
          content: json(
            object({
              devices: {
                type: 'array',
                items: object({ deviceId: text, deviceName: text, os: text, appVersion: text, activatedAt: text, lastSeenAt: text }),
              },
            }),
          ),
        },
        [],
      ),
    },
  };
}

export function openApiRoutes(publicUrl: string): Router {
  const router = Router();
  const document = JSON.stringify(apiKeyDocument(publicUrl));
  router.get('/api/openapi.json', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').type('application/json').send(document);
  });
  return router;
}
