import {
  DAY_MS,
  istDayStart,
  SECURITY_LOG_RETENTION_DAYS,
  type AuditEvent,
  type SecurityEvent,
  type SecurityLogExportQuery,
} from '@portal/contracts';
import type { SecurityLogStore } from './ports';

const dayAfter = (date: string) => new Date(istDayStart(date).getTime() + DAY_MS);

/**
 * The security log (issue #49 §4): what the services record, the admin actions the audit log
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
    prune: () => store.removeBefore(new Date(now().getTime() - SECURITY_LOG_RETENTION_DAYS * DAY_MS)),
  };
}
