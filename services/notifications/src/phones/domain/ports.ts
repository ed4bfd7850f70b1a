import type { PhoneChannel, PhoneConsentSource } from '@portal/contracts';

/** A channel's consent as it now stands: on with the text's version and time, or off. */
export interface ChannelConsent {
  on: boolean;
  version: string | null;
  since: Date | null;
}

/** One change, kept like a policy's consent: which channel, which way, the text shown, when and from where. */
export interface ConsentChange {
  channel: PhoneChannel;
  on: boolean;
  version: string;
  text: string;
  at: Date;
  via: PhoneConsentSource;
  mobile: string;
}

/** A code sent to a number not yet verified: its hash, when it lapses, the wrong tries made. */
export interface PendingCode {
  mobile: string;
  hash: string;
  expiresAt: Date;
  wrongTries: number;
}

/** What a code is for: proving a number, or signing in with a verified one. */
export type CodePurpose = 'verify' | 'sign-in';

export interface PhoneRecord {
  userId: string;
  /** The verified number; null until one is. */
  mobile: string | null;
  verifiedAt: Date | null;
  /** The code sent to prove a number (not yet verified, or the new one). */
  pending: PendingCode | null;
  /** The code sent to sign in with the verified number. */
  signInCode: PendingCode | null;
  channels: Record<PhoneChannel, ChannelConsent>;
  changes: ConsentChange[];
}

export interface PhoneStore {
  get(userId: string): Promise<PhoneRecord>;
  /** The person whose verified number this is, if any. */
  byMobile(mobile: string): Promise<PhoneRecord | null>;
  setCode(userId: string, purpose: CodePurpose, code: PendingCode): Promise<void>;
  /** One more wrong try of the code, if it is still that one; the tries now made. */
  addWrongTry(userId: string, purpose: CodePurpose, hash: string): Promise<number>;
  /** A sign-in code used: it cannot be used again. */
  clearCode(userId: string, purpose: CodePurpose): Promise<void>;
  /** The number verified: channels chosen for another number start off again; false when another account verified it first. */
  verify(userId: string, mobile: string, at: Date): Promise<boolean>;
  saveChannels(userId: string, channels: Record<PhoneChannel, ChannelConsent>, changes: ConsentChange[]): Promise<void>;
  deleteForUser(userId: string): Promise<void>;
  ready: Promise<unknown>;
}

/** How a code reaches the number: delivery's SMS, handed over by the composition root. */
export type CodeSender = (message: { key: string; userId: string; to: string; code: string }) => Promise<void>;

/** Counts a request for a code against its number, and against the person when one is named, before it is judged. */
export type CodeLimit = (mobile: string, userId?: string) => Promise<void>;
