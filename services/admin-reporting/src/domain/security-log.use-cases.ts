import {
  DAY_MS,
  describeBrowser,
  OWN_SIGN_INS_SHOWN,
  type OwnSignIn,
  istDayStart,
  SECURITY_LOG_RETENTION_DAYS,
  type AuditEvent,
  type SecurityEvent,
  type SecurityLogExportQuery,
} from '@portal/contracts';
import type { SecurityLogStore } from './ports';

const dayAfter = (date: string) => new Date(istDayStart(date).getTime() + DAY_MS);

/**
 * The security log: what the services record, the admin actions the audit log
 * receives with what they changed, an owner's export of one person or one window of IST days, and
 * the removal of what is older than SECURITY_LOG_RETENTION_DAYS.
 */
export function securityLogUseCases({ store, now }: { store: SecurityLogStore; now: () => Date }) {
  return {
    record: (event: SecurityEvent) => store.add(event),
    recordAdminAction: ({ at, service, actor, action, target, before, after }: AuditEvent) =>
      store.add({
        at,
        service,
        // the audit log also receives a person's own changes (user.password-changed…)
        kind: action.startsWith('user.') ? 'account-change' : 'admin-action',
        outcome: 'success',
        subject: target,
        actor,
        reason: action,
        details: { before, after },
      }),
    entries: ({ email, from, to }: SecurityLogExportQuery) =>
      store.find({ label: email, from: from ? istDayStart(from) : undefined, to: to ? dayAfter(to) : undefined }),
    /** The person's own last sign-ins, as the Security and Privacy tab lists them. */
    async signInsOf(userId: string): Promise<OwnSignIn[]> {
      const signIns = await store.signInsOf(userId, OWN_SIGN_INS_SHOWN);
      const oldest = signIns.at(-1);
      const fromNewDevices = oldest ? await store.newDeviceRequestsOf(userId, new Date(oldest.at)) : new Set<string>();
      return signIns.map((event) => {
        const desktop = event.kind === 'token-issued';
        const computer = event.details?.device;
        return {
          at: event.at,
          address: event.address ?? null,
          device: desktop
            ? `Desktop app on “${typeof computer === 'string' ? computer : 'a computer'}”`
            : describeBrowser(event.userAgent ?? null),
          desktop,
          // a web sign-in with a second factor is recorded as `password+totp`, `google+passkey`…
          secondFactor: !desktop && (event.reason ?? '').includes('+'),
          newDevice: event.requestId !== undefined && fromNewDevices.has(event.requestId),
        };
      });
    },
    prune: () => store.removeBefore(new Date(now().getTime() - SECURITY_LOG_RETENTION_DAYS * DAY_MS)),
  };
}
