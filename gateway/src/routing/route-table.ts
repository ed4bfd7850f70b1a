export const SERVICES = ['auth', 'billing', 'download', 'feedback', 'admin-reporting', 'notifications', 'partners'] as const;
export type ServiceName = (typeof SERVICES)[number];

/** Who may reach a path: the gateway rejects early; each service still verifies for itself. */
export type Access = 'public' | 'user' | 'admin' | 'desktop' | 'partner';

export interface RouteRule {
  /** A public path; `:name` matches one segment and a trailing `/*` any deeper path. */
  pattern: string;
  service: ServiceName;
  access: Access;
  /**
   * A CSV export: the service may read for a while before its first row (the embedded store
   * sorts a large collection for seconds), so the gateway waits longer than for a call.
   */
  export?: true;
  /**
   * A read a read-only API key may make for its owner (`tpk_…` as the bearer): let through to the
   * service, which checks the key and its scope as it checks a token.
   */
  apiKey?: true;
}

/**
 * The one place that maps public paths to services and says who may call them (docs/architecture.md;
 * gateway/test/route-audiences.test.ts holds every service to it). First match
 * wins, so specific paths stand before the prefixes that would also match them. Paths outside
 * this table, /internal/* among them, are never proxied.
 */
export const ROUTE_TABLE: readonly RouteRule[] = [
  { pattern: '/api/auth/profile', service: 'auth', access: 'user' },
  { pattern: '/api/auth/logout', service: 'auth', access: 'user' },
  { pattern: '/api/auth/consent', service: 'auth', access: 'user' },
  { pattern: '/api/auth/password', service: 'auth', access: 'user' },
  { pattern: '/api/auth/not-me', service: 'auth', access: 'user' },
  // a practitioner's own second factor; signing in with it (/api/auth/login/*) is public
  { pattern: '/api/auth/second-factor', service: 'auth', access: 'user' },
  { pattern: '/api/auth/second-factor/*', service: 'auth', access: 'user' },
  // the desktop app's sign-in: the person confirms with their user token; the app then has its own
  { pattern: '/api/auth/device/pending', service: 'auth', access: 'user' },
  { pattern: '/api/auth/device/decision', service: 'auth', access: 'user' },
  { pattern: '/api/auth/desktop/sessions', service: 'auth', access: 'user' },
  { pattern: '/api/auth/desktop/sessions/:id', service: 'auth', access: 'user' },
  { pattern: '/api/auth/desktop/me', service: 'auth', access: 'desktop' },
  // a person's read-only API keys, for integrators (made and revoked with their token only)
  { pattern: '/api/auth/api-keys', service: 'auth', access: 'user' },
  { pattern: '/api/auth/api-keys/:id', service: 'auth', access: 'user' },
  // a partner's staff member, signed in with a second factor, takes a partner token for the partner area
  { pattern: '/api/auth/partner/session', service: 'auth', access: 'user' },
  { pattern: '/api/auth/*', service: 'auth', access: 'public' },
  // firm accounts: the firm's people manage it; the invitation page reads its link before sign-in
  { pattern: '/api/firms', service: 'auth', access: 'user' },
  { pattern: '/api/firms/*', service: 'auth', access: 'user' },
  { pattern: '/api/firm-invitations/:token', service: 'auth', access: 'public' },
  { pattern: '/api/admin/login', service: 'auth', access: 'public' },
  { pattern: '/api/admin/signup', service: 'auth', access: 'public' },
  { pattern: '/api/admin/logout', service: 'auth', access: 'admin' },
  // between the password and the second factor the caller holds only a challenge, which auth checks
  { pattern: '/api/admin/second-factor', service: 'auth', access: 'public' },
  { pattern: '/api/admin/second-factor/*', service: 'auth', access: 'public' },
  { pattern: '/api/admin/invitations/accept', service: 'auth', access: 'public' },
  { pattern: '/api/admin/admins', service: 'auth', access: 'admin' },
  { pattern: '/api/admin/admins/*', service: 'auth', access: 'admin' },
  { pattern: '/api/admin/passkeys', service: 'auth', access: 'admin' },
  { pattern: '/api/admin/passkeys/*', service: 'auth', access: 'admin' },

  // the reads an integrator's API key may make (docs/api-keys.md), before the prefixes they fall under
  { pattern: '/api/subscription-status', service: 'billing', access: 'user', apiKey: true },
  { pattern: '/api/subscription/periods', service: 'billing', access: 'user', apiKey: true },
  { pattern: '/api/billing/history', service: 'billing', access: 'user', apiKey: true },
  { pattern: '/api/billing/invoices/:id', service: 'billing', access: 'user', apiKey: true },
  { pattern: '/api/billing/credit-notes/:id', service: 'billing', access: 'user', apiKey: true },
  { pattern: '/api/start-trial', service: 'billing', access: 'user' },
  { pattern: '/api/subscription/*', service: 'billing', access: 'user' },
  { pattern: '/api/payment/create-phonepe-order', service: 'billing', access: 'user' },
  { pattern: '/api/payment/create-pc-pack-order', service: 'billing', access: 'user' },
  { pattern: '/api/billing/*', service: 'billing', access: 'user' },
  // who sells the product, for the public contact and policy pages
  { pattern: '/api/seller', service: 'billing', access: 'public' },
  // the read-only API's description (OpenAPI 3.1), for integrators
  { pattern: '/api/openapi.json', service: 'billing', access: 'public' },
  // plans, and PhonePe's callback and return, which carry no user token
  { pattern: '/api/payment/*', service: 'billing', access: 'public' },
  { pattern: '/api/admin/transactions', service: 'billing', access: 'admin' },
  { pattern: '/api/admin/transactions/:id/refunds', service: 'billing', access: 'admin' },
  { pattern: '/api/admin/users/:id/subscription', service: 'billing', access: 'admin' },
  // a practitioner's lost second factor, reset by support
  { pattern: '/api/admin/users/:id/second-factor', service: 'auth', access: 'admin' },
  { pattern: '/api/admin/users/:id/devices', service: 'billing', access: 'admin' },
  { pattern: '/api/admin/users/:id/devices/:deviceId', service: 'billing', access: 'admin' },
  { pattern: '/api/admin/users/:id/billing-timeline', service: 'billing', access: 'admin' },
  // the partner a customer has, and an admin's assignment
  { pattern: '/api/admin/users/:id/partner', service: 'partners', access: 'admin' },
  { pattern: '/api/admin/mandates', service: 'billing', access: 'admin' },
  { pattern: '/api/admin/invoices/:merchantOrderId', service: 'billing', access: 'admin' },
  { pattern: '/api/admin/refunds/:merchantRefundId/credit-note', service: 'billing', access: 'admin' },
  { pattern: '/api/admin/promotions', service: 'billing', access: 'admin' },
  { pattern: '/api/admin/promotions/:code/deactivate', service: 'billing', access: 'admin' },
  { pattern: '/api/admin/referral-credits', service: 'billing', access: 'admin' },
  // bank transfers against pro-formas
  { pattern: '/api/admin/proformas', service: 'billing', access: 'admin' },
  { pattern: '/api/admin/proformas/:reference', service: 'billing', access: 'admin' },
  { pattern: '/api/admin/proformas/:reference/receipts', service: 'billing', access: 'admin' },
  { pattern: '/api/admin/bank-statements', service: 'billing', access: 'admin' },
  { pattern: '/api/admin/bank-receipts', service: 'billing', access: 'admin' },
  { pattern: '/api/admin/bank-receipts/:utr/apply', service: 'billing', access: 'admin' },
  { pattern: '/api/admin/bank-receipts/:utr/return', service: 'billing', access: 'admin' },
  // TDS deducted by buyers, and their Form 16A
  { pattern: '/api/admin/tds', service: 'billing', access: 'admin' },
  { pattern: '/api/admin/tds/:reference/form-16a', service: 'billing', access: 'admin' },
  { pattern: '/api/admin/tds/:reference/credit', service: 'billing', access: 'admin' },
  { pattern: '/api/admin/tds/:reference/reject', service: 'billing', access: 'admin' },
  // the desktop app's activation and check-in, with its own token; the keys verify licences offline
  { pattern: '/api/licenses/activate', service: 'billing', access: 'desktop' },
  { pattern: '/api/licenses/refresh', service: 'billing', access: 'desktop' },
  { pattern: '/api/licenses/keys', service: 'billing', access: 'public' },
  { pattern: '/api/licenses/devices', service: 'billing', access: 'user', apiKey: true },
  { pattern: '/api/licenses/devices/:deviceId', service: 'billing', access: 'user' },
  { pattern: '/api/licenses/offline/activations', service: 'billing', access: 'user' },
  { pattern: '/api/licenses/offline/deactivations', service: 'billing', access: 'user' },
  // a firm's floating seats: the app's checkout, heartbeat, borrow and release; the firm's and the admin's views
  { pattern: '/api/licenses/leases', service: 'billing', access: 'desktop' },
  { pattern: '/api/licenses/leases/heartbeat', service: 'billing', access: 'desktop' },
  { pattern: '/api/licenses/leases/borrow', service: 'billing', access: 'desktop' },
  { pattern: '/api/licenses/leases/release', service: 'billing', access: 'desktop' },
  { pattern: '/api/licenses/seats', service: 'billing', access: 'user' },
  { pattern: '/api/licenses/seats/:leaseId', service: 'billing', access: 'user' },
  { pattern: '/api/admin/users/:id/seat-leases', service: 'billing', access: 'admin' },
  { pattern: '/api/admin/users/:id/seat-leases/:leaseId', service: 'billing', access: 'admin' },
  { pattern: '/api/admin/export/transactions', service: 'billing', access: 'admin', export: true },
  { pattern: '/api/admin/export/gst', service: 'billing', access: 'admin', export: true },
  { pattern: '/api/admin/export/tds', service: 'billing', access: 'admin', export: true },

  { pattern: '/api/download/updates', service: 'download', access: 'desktop' },
  { pattern: '/api/download/check-eligibility', service: 'download', access: 'user' },
  { pattern: '/api/download/app/*', service: 'download', access: 'user' },
  // the latest version, and signed installer URLs whose signature is the credential
  { pattern: '/api/download/*', service: 'download', access: 'public' },
  { pattern: '/api/admin/releases', service: 'download', access: 'admin' },
  { pattern: '/api/admin/releases/*', service: 'download', access: 'admin' },

  { pattern: '/api/feedback', service: 'feedback', access: 'user' },
  { pattern: '/api/feedback/desktop', service: 'feedback', access: 'desktop' },
  { pattern: '/api/feedback/*', service: 'feedback', access: 'user' },
  { pattern: '/api/admin/feedback', service: 'feedback', access: 'admin' },
  { pattern: '/api/admin/feedback/*', service: 'feedback', access: 'admin' },
  { pattern: '/api/admin/export/feedback', service: 'feedback', access: 'admin', export: true },

  // a person's choice of reminders and news; the unsubscribe link's signed token is its own credential
  { pattern: '/api/notifications/preferences', service: 'notifications', access: 'user' },
  { pattern: '/api/notifications/unsubscribe', service: 'notifications', access: 'public' },
  // the person's mobile number, its code and their WhatsApp and SMS choice; the SMS page's signed
  // link is its own credential, the providers' callbacks carry a signature or a key
  { pattern: '/api/notifications/phone', service: 'notifications', access: 'user' },
  { pattern: '/api/notifications/phone/*', service: 'notifications', access: 'user' },
  { pattern: '/api/notifications/sms', service: 'notifications', access: 'public' },
  { pattern: '/api/notifications/sms/report', service: 'notifications', access: 'public' },
  { pattern: '/api/notifications/whatsapp/webhook', service: 'notifications', access: 'public' },
  // integrators' webhook endpoints: a person's own, and the vendor's (an owner admin's)
  { pattern: '/api/webhooks/endpoints', service: 'notifications', access: 'user' },
  { pattern: '/api/webhooks/endpoints/*', service: 'notifications', access: 'user' },
  { pattern: '/api/admin/webhooks/endpoints', service: 'notifications', access: 'admin' },
  { pattern: '/api/admin/webhooks/endpoints/*', service: 'notifications', access: 'admin' },

  // dealers: a customer's own partner, the partner area (a partner token), the admins' partners
  { pattern: '/api/partners/mine', service: 'partners', access: 'user' },
  { pattern: '/api/partners/area/*', service: 'partners', access: 'partner' },
  { pattern: '/api/admin/partners', service: 'partners', access: 'admin' },
  { pattern: '/api/admin/partners/*', service: 'partners', access: 'admin' },
  { pattern: '/api/admin/partner-tiers/:tier', service: 'partners', access: 'admin' },

  { pattern: '/api/track-usage', service: 'admin-reporting', access: 'user' },
  // the person deletes their own account; admin-reporting runs the deletion across services
  { pattern: '/api/account/delete', service: 'admin-reporting', access: 'user' },
  // the person's data from every service as one document (the DPDP Act's right of access)
  { pattern: '/api/account/my-data', service: 'admin-reporting', access: 'user' },
  // the person's own sign-ins, from the security log
  { pattern: '/api/account/sign-ins', service: 'admin-reporting', access: 'user' },
  { pattern: '/api/admin/analytics', service: 'admin-reporting', access: 'admin' },
  { pattern: '/api/admin/users', service: 'admin-reporting', access: 'admin' },
  { pattern: '/api/admin/firms', service: 'admin-reporting', access: 'admin' },
  { pattern: '/api/admin/users/*', service: 'admin-reporting', access: 'admin' },
  { pattern: '/api/admin/export/users', service: 'admin-reporting', access: 'admin', export: true },
  { pattern: '/api/admin/export/security-log', service: 'admin-reporting', access: 'admin', export: true },
  { pattern: '/api/admin/audit', service: 'admin-reporting', access: 'admin' },
];
