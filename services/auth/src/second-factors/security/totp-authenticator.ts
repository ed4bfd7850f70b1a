import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Authenticator } from '../domain/ports';

/** One 30-second step either side: a phone's clock a little off, or a code typed as it turned. */
const TOLERANCE_SECONDS = 30;

/**
 * RFC 6238 codes as the authenticator apps make them (SHA-1, 6 digits, 30 s), through otplib; the
 * QR code through `qrcode`. A code is accepted only for a time step after the last one used, so
 * a code seen over a shoulder cannot be used again.
 */
export function totpAuthenticator(issuer: string): Authenticator {
  return {
    newSecret: () => generateSecret(),
    async enrolment(label, secret) {
      const otpauthUrl = generateURI({ issuer, label, secret });
      const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
    },
    async stepOf(secret, code, { now, after }) {
      const result = await verify({
        secret,
        token: code,
        epoch: Math.floor(now.getTime() / 1000),
        epochTolerance: TOLERANCE_SECONDS,
        ...(after === undefined ? {} : { afterTimeStep: after }),
      });
      return result.valid && 'timeStep' in result ? result.timeStep : null;
    },
  };
}
