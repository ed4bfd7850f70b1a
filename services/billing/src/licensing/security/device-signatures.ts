import { calculateJwkThumbprint, EmbeddedJWK, errors, jwtVerify } from 'jose';
import type { z } from 'zod';
import { OFFLINE_ACTIVATION_MESSAGES } from '@portal/contracts';
import { badRequest } from '@portal/platform/errors';
import type { DeviceSignatureReader, DeviceSigned } from '../domain/ports';

/**
 * Reads a file the desktop app signed with its own Ed25519 key: a compact JWS of
 * `type` whose header carries the public key (`jwk`, RFC 7515 §4.1.3). The signature proves the
 * file is as the key's holder wrote it; which device may use that key is the caller's to check,
 * by the thumbprint. Every refusal is a 400 whose message says what to do.
 */
export const readDeviceSigned: DeviceSignatureReader = async <T>(
  file: string,
  { type, claims, now, maxAgeDays }: { type: string; claims: z.ZodType<T>; now: Date; maxAgeDays?: number },
): Promise<DeviceSigned<T>> => {
  const verified = await jwtVerify(file, EmbeddedJWK, {
    typ: type,
    algorithms: ['EdDSA'],
    currentDate: now,
    ...(maxAgeDays && { maxTokenAge: `${maxAgeDays} days` }),
  }).catch((error: unknown) => {
    const tooOld = error instanceof errors.JWTExpired && error.claim === 'iat';
    throw badRequest(tooOld ? OFFLINE_ACTIVATION_MESSAGES.stale : OFFLINE_ACTIVATION_MESSAGES.damaged);
  });
  const key = verified.protectedHeader.jwk;
  // EdDSA also names Ed448, which the app never uses
  if (key?.kty !== 'OKP' || key.crv !== 'Ed25519') throw badRequest(OFFLINE_ACTIVATION_MESSAGES.damaged);
  const parsed = claims.safeParse(verified.payload);
  if (!parsed.success) throw badRequest(OFFLINE_ACTIVATION_MESSAGES.contents);
  return { claims: parsed.data, keyThumbprint: await calculateJwkThumbprint(key, 'sha256') };
};
