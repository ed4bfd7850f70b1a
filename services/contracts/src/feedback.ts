import { z } from 'zod';
import { FEEDBACK_LIST_LIMIT } from './list-sizes';
import { withoutDirectionControls } from './plain-text';

export const FEEDBACK_TYPES = ['suggestion', 'bug', 'question'] as const;
export const FEEDBACK_COMPONENTS = ['general', 'filemanager', 'turnover', 'networth', 'clientmaster', 'dashboard', 'setup'] as const;
export const FEEDBACK_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export { FEEDBACK_LIST_LIMIT } from './list-sizes';
export const FEEDBACK_MESSAGE_MAX = 5000;

export const feedbackTypeSchema = z.enum(FEEDBACK_TYPES, { error: `Type must be one of: ${FEEDBACK_TYPES.join(', ')}` });
export const feedbackComponentSchema = z.enum(FEEDBACK_COMPONENTS, {
  error: `Component must be one of: ${FEEDBACK_COMPONENTS.join(', ')}`,
});
export const feedbackStatusSchema = z.enum(FEEDBACK_STATUSES, { error: `Status must be one of: ${FEEDBACK_STATUSES.join(', ')}` });

/** What the desktop app sends. */
export const feedbackBodySchema = z.object({
  type: feedbackTypeSchema,
  component: feedbackComponentSchema,
  message: z
    .string({ error: 'Message is required' })
    .overwrite(withoutDirectionControls)
    .trim()
    .min(1, 'Message is required')
    .max(FEEDBACK_MESSAGE_MAX, `Message must be at most ${FEEDBACK_MESSAGE_MAX} characters`),
  appVersion: z.string().trim().max(50, 'App version is too long').optional(),
  os: z.string().trim().max(100, 'OS is too long').optional(),
});
export type FeedbackBody = z.infer<typeof feedbackBodySchema>;

/** The admin list; each filter left out (or 'all') means every value. */
export const feedbackListQuerySchema = z.object({
  status: z.union([z.literal('all'), feedbackStatusSchema]).optional(),
  component: z.union([z.literal('all'), feedbackComponentSchema]).optional(),
  type: z.union([z.literal('all'), feedbackTypeSchema]).optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(FEEDBACK_LIST_LIMIT, `Limit must be at most ${FEEDBACK_LIST_LIMIT}`)
    .default(FEEDBACK_LIST_LIMIT),
});
export type FeedbackListQuery = z.infer<typeof feedbackListQuerySchema>;

export const feedbackUpdateSchema = z.object({
  status: feedbackStatusSchema,
  adminNotes: z
    .string({ error: 'Admin notes must be text' })
    .max(FEEDBACK_MESSAGE_MAX, `Admin notes must be at most ${FEEDBACK_MESSAGE_MAX} characters`)
    .default(''),
});
export type FeedbackUpdate = z.infer<typeof feedbackUpdateSchema>;

/** A feedback item as the admin sees it (behaviour.md §3); users never see the notes or who resolved it. */
export interface FeedbackItem {
  _id: string;
  userId: string;
  userEmail: string;
  type: (typeof FEEDBACK_TYPES)[number];
  component: (typeof FEEDBACK_COMPONENTS)[number];
  message: string;
  appVersion: string | null;
  os: string | null;
  status: (typeof FEEDBACK_STATUSES)[number];
  timestamp: string;
  adminNotes: string;
  resolvedAt: string | null;
  resolvedBy: string | null;
}

export type UserFeedbackItem = Omit<FeedbackItem, 'adminNotes' | 'resolvedBy' | 'userEmail'>;

export const FEEDBACK_MESSAGES = {
  updated: 'Feedback updated successfully!',
  deleted: 'Feedback deleted successfully',
} as const;
