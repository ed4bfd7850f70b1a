export const GOOGLE_ISSUER: string;
export interface GoogleProfile {
  sub: string;
  email: string;
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
  picture?: string;
}
export interface GoogleIdentityStandIn {
  certsUrl: string;
  issueIdToken(profile: GoogleProfile, overrides?: Record<string, unknown>): string;
  close(): Promise<void>;
}
export function startGoogleIdentityStandIn(options: { port?: number; clientId: string }): Promise<GoogleIdentityStandIn>;
