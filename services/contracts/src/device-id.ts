import { z } from 'zod';

export const DEVICE_ID_MESSAGE =
  'deviceId must be a SHA-256 fingerprint of the machine (64 hexadecimal characters), never its raw hardware ids';

/** A machine as the desktop app names it to the licence and the update feed: a fingerprint, never its hardware ids. */
export const deviceIdSchema = z.string({ error: DEVICE_ID_MESSAGE }).regex(/^[a-f0-9]{64}$/, DEVICE_ID_MESSAGE);
