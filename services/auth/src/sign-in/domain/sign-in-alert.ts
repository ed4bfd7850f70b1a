import { createHash } from 'node:crypto';
import { describeBrowser, formatIndianDateTime } from '@portal/contracts';
import { composeMail } from '@portal/platform/mail-layout';
import type { SecurityLog } from '@portal/platform';
import type { MailSender } from '../../shared/ports';
import type { KnownDeviceStore } from './ports';

export interface SignInOrigin {
  /** The browser's device id (its cookie), or one made now for a browser that had none; for the desktop app, its name. */
  deviceId: string;
  userAgent: string | null;
  address: string;
  /** The desktop app's device name, when the desktop app signed in rather than a browser. */
  desktop?: string;
}

const hashOf = (deviceId: string) => createHash('sha256').update(deviceId).digest('hex');

/** What the e-mail names and where it sends the person: the desktop's session can be ended on the Devices tab. */
const describe = (origin: SignInOrigin, publicUrl: string) =>
  origin.desktop === undefined
    ? {
        what: `a browser it had not been used from before: ${describeBrowser(origin.userAgent)}`,
        action: { label: 'Not you? Change your password', url: `${publicUrl}/profile?tab=privacy` },
      }
    : {
        what: `a desktop app on a computer it had not been used from before: “${origin.desktop}”`,
        action: { label: 'Not you? End that session', url: `${publicUrl}/profile?tab=devices` },
      };

/**
 * The e-mail for a sign-in from a browser or a desktop the person has not used before:
 * when, from which browser or computer and address, where to end that session and to change the
 * password, which ends every other session. A person's first device sends none.
 */
export function signInAlerts({
  knownDevices,
  securityLog,
  mail,
  publicUrl,
  onMailError,
}: {
  knownDevices: KnownDeviceStore;
  securityLog: SecurityLog;
  mail: MailSender;
  publicUrl: string;
  onMailError: (error: unknown) => void;
}) {
  return async (user: { id: string; email: string; firstName: string }, origin: SignInOrigin, at: Date): Promise<void> => {
    const deviceHash = hashOf(origin.deviceId);
    const isNew = await knownDevices.remember(user.id, deviceHash, at, origin.userAgent);
    if (!isNew || !(await knownDevices.hasOthers(user.id, deviceHash))) return;
    // in the same request as the sign-in's own entry, so the person's list marks that sign-in
    await securityLog({
      kind: 'new-device',
      outcome: 'success',
      subject: { type: 'user', id: user.id, label: user.email },
      reason: origin.desktop === undefined ? 'browser' : 'desktop',
    });
    const { what, action } = describe(origin, publicUrl);
    const message = composeMail(
      {
        subject: 'New sign-in to your Tax Practitioner Portal account',
        greeting: `Hello ${user.firstName},`,
        paragraphs: [
          `Your account was signed in to from ${what}, at address ${origin.address}, on ${formatIndianDateTime(at)} IST.`,
          'If this was you, nothing needs doing.',
        ],
        action,
        after: [
          `Changing your password (${publicUrl}/profile?tab=privacy) ends every other session, that one too.`,
          `If you cannot sign in any more, reset your password: ${publicUrl}/forgot-password`,
        ],
      },
      { publicUrl },
    );
    // stored before the answer, so that the alert is not lost with this process
    await mail
      .send({
        key: `sign-in-alert:${user.id}:${deviceHash}`,
        kind: 'sign-in-alert',
        userId: user.id,
        to: user.email,
        ...message,
        brief: { device: what.slice(0, 60) },
      })
      .catch(onMailError);
  };
}
