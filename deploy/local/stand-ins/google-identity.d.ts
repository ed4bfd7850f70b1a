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
  /** Where a browser's request for https://accounts.google.com/gsi/... is served instead. */
  gsiUrl(googleUrl: string): string;
  /** The account the stand-in's chooser picks; null: the chooser is closed without one. */
  signInAs(profile: GoogleProfile | null): void;
  issueIdToken(profile: GoogleProfile, overrides?: Record<string, unknown>): string;
  close(): Promise<void>;
}
export function startGoogleIdentityStandIn(options: { port?: number; clientId: string }): Promise<GoogleIdentityStandIn>;
