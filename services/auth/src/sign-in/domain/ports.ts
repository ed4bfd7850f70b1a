/** What sign-in needs from the outside world besides the shared ports: known browsers, reset links and Google. */

/** The browsers a person signed in from. */
export interface KnownDeviceStore {
  /** Records the sign-in; true when this browser was not known for the person before. */
  remember(userId: string, deviceHash: string, at: Date, userAgent: string | null): Promise<boolean>;
  /** Whether the person has signed in from any other browser. */
  hasOthers(userId: string, deviceHash: string): Promise<boolean>;
  deleteForUser(userId: string): Promise<void>;
}

export type ResetConsumption = { status: 'ok'; userId: string } | { status: 'used' | 'expired' | 'unknown' };

export interface PasswordResetStore {
  create(reset: { tokenHash: string; userId: string; expiresAt: Date }): Promise<void>;
  /** What the link is now, without using it. */
  status(tokenHash: string, now: Date): Promise<ResetConsumption['status']>;
  /** Marks the link used, exactly once, if it exists and has not expired. */
  consume(tokenHash: string, now: Date): Promise<ResetConsumption>;
  deleteForUser(userId: string): Promise<void>;
}

export interface GoogleIdentity {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
  picture: string | null;
}

export type GoogleVerifier = (idToken: string) => Promise<GoogleIdentity>;

/** Notifications' part of a sign-in by mobile code: the verified numbers, the code sent and judged there. */
export interface PhoneSignIn {
  /** Sends a code to a verified number; 404 for a number no account has verified. */
  sendCode(mobile: string): Promise<void>;
  /** The person whose number it is, once the code is right; 400 a wrong code, 410 expired or tried three times. */
  signIn(mobile: string, code: string): Promise<{ userId: string }>;
}
