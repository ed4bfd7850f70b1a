import type { FeedbackBody, FeedbackItem, FeedbackListQuery, FeedbackUpdate, UserFeedbackItem } from '@portal/contracts';
import { notFound } from '@portal/platform/errors';
import type { AuditPublisher } from '@portal/platform';
import type { AttemptLimit, FeedbackStore } from './ports';

const NOT_FOUND = 'No feedback with this id';

/** What a user sees of their own feedback: never the admin's notes or who handled it. */
export function forUser({ adminNotes: _notes, resolvedBy: _by, userEmail: _email, ...item }: FeedbackItem): UserFeedbackItem {
  return item;
}

export function feedbackUseCases(
  store: FeedbackStore,
  limitPerUser: AttemptLimit,
  audit: AuditPublisher,
  now: () => Date = () => new Date(),
) {
  return {
    async submit(user: { userId: string; email: string }, body: FeedbackBody): Promise<UserFeedbackItem> {
      await limitPerUser(user.userId);
      const created = await store.create({
        userId: user.userId,
        userEmail: user.email,
        type: body.type,
        component: body.component,
        message: body.message,
        appVersion: body.appVersion ?? null,
        os: body.os ?? null,
      });
      return forUser(created);
    },

    mine: async (userId: string) => (await store.listForUser(userId)).map(forUser),

    list: (query: FeedbackListQuery) => store.list(query),

    /** Resolved records when and by whom; any other status clears both (a reopened item is open again). */
    async update(id: string, update: FeedbackUpdate, adminEmail: string): Promise<FeedbackItem> {
      const resolved = update.status === 'resolved';
      const updated = await store.update(id, {
        status: update.status,
        adminNotes: update.adminNotes,
        resolvedAt: resolved ? now() : null,
        resolvedBy: resolved ? adminEmail : null,
      });
      if (!updated) throw notFound(NOT_FOUND);
      await audit({
        actor: adminEmail,
        action: 'feedback.updated',
        target: { type: 'feedback', id, label: updated.message.slice(0, 80) },
        after: { status: updated.status, adminNotes: updated.adminNotes },
      });
      return updated;
    },

    async remove(id: string, adminEmail: string): Promise<void> {
      if (!(await store.delete(id))) throw notFound(NOT_FOUND);
      await audit({ actor: adminEmail, action: 'feedback.deleted', target: { type: 'feedback', id } });
    },

    export: () => store.stream(),
    deleteUser: (userId: string) => store.deleteForUser(userId),
  };
}
