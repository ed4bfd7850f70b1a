/** JWT audiences: a user token is refused on admin paths and an admin token on user paths. */
export const TOKEN_AUDIENCE = {
  user: 'portal-user',
  admin: 'portal-admin',
  internal: 'portal-internal',
} as const;
export type TokenAudience = (typeof TOKEN_AUDIENCE)[keyof typeof TOKEN_AUDIENCE];

export const TOKEN_ISSUER = 'portal-auth';
