/**
 * JWT audiences: a user token is refused on admin paths and an admin token on user paths. The
 * desktop app's tokens have their own, accepted only where the desktop app calls (never on admin
 * or browser paths), and are ended with their desktop session.
 */
export const TOKEN_AUDIENCE = {
  user: 'portal-user',
  admin: 'portal-admin',
  internal: 'portal-internal',
  desktop: 'portal-desktop',
  /** Between an admin's password and second factor: accepted by the second-factor calls only. */
  adminChallenge: 'portal-admin-challenge',
  /** Between a practitioner's password (or Google) and their second factor. */
  userChallenge: 'portal-user-challenge',
  /** A partner's staff member, signed in with a second factor: accepted by the partner area's calls only. */
  partner: 'portal-partner',
} as const;
export type TokenAudience = (typeof TOKEN_AUDIENCE)[keyof typeof TOKEN_AUDIENCE];

export const TOKEN_ISSUER = 'portal-auth';
