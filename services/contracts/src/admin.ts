import { z } from 'zod';
import { pagingShape } from './paging';
import type { DownloadSummary } from './download';
import type { FirmRole } from './firm-roles';
import type { PersonalInfo, PublicUser } from './user';
import type { RecurringFigures } from './subscription-admin';

/** Plans the distribution always lists, zero counts included (behaviour.md §9). */
export const ALWAYS_LISTED_PLANS = ['trial', 'basic', 'professional', 'business'] as const;
export const RECENT_SUBSCRIBERS_SHOWN = 5;

export interface Analytics {
  overview: { totalUsers: number; activeSubscriptions: number; paidSeats: number; trialUsers: number };
  revenue: { totalRevenue: number };
  recurring: RecurringFigures;
  planDistribution: { _id: string; count: number }[];
  recentSubscribers: {
    email: string;
    subscriptionPlan: string;
    subscriptionStartDate: string | null;
    subscriptionEndDate: string | null;
  }[];
  signupsPerDay: { date: string; count: number }[];
  revenuePerDay: { date: string; amount: number }[];
}

/** A user as the admin's table and details modal see it (behaviour.md §3 User). */
export interface AdminUserRow {
  _id: string;
  email: string;
  firstName: string;
  lastName: string;
  displayName: string;
  isGoogleUser: boolean;
  createdAt: string;
  subscriptionPlan: string;
  subscriptionStatus: string;
  subscriptionStartDate: string | null;
  subscriptionEndDate: string | null;
  trialStart: string | null;
  trialEnd: string | null;
  planPrice: number;
  billingPeriod: string | null;
  daysRemaining: number;
  hasUsedTrial: boolean;
  canStartTrial: boolean;
  lastDownloadDate: string | null;
  totalDownloads: number;
  downloadHistory: DownloadSummary['downloadHistory'];
  profileCompletionPercentage: number;
  personalInfo: PersonalInfo;
  consent: PublicUser['consent'];
  /** The user details only: the firms the person belongs to, and their role in each. */
  firms?: { id: string; name: string; role: FirmRole }[];
}

/** GET /api/admin/firms: a page of the firms, newest first. */
export const adminFirmsQuerySchema = z.object(pagingShape);

/** A firm as the admin's Firms tab shows it: its owner and people, its seats, and its plan. */
export interface AdminFirmRow {
  id: string;
  name: string;
  createdAt: string;
  owner: { userId: string; name: string; email: string } | null;
  members: { userId: string; name: string; email: string; role: FirmRole }[];
  seats: { used: number; bought: number };
  plan: string;
  status: string;
  endsAt: string | null;
}
export interface AdminFirmsResponse {
  firms: AdminFirmRow[];
  total: number;
  page: number;
  limit: number;
}

export const adminUsersQuerySchema = z.object({
  search: z.string().trim().max(200, 'Search is too long').optional(),
  ...pagingShape,
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const trackUsageBodySchema = z.object({
  action: z
    .string({ error: 'Action is required' })
    .trim()
    .min(1, 'Action is required')
    .max(100, 'Action must be at most 100 characters')
    .regex(/^[\w.:-]+$/, 'Action may hold letters, digits, _ . : and - only'),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type TrackUsageBody = z.infer<typeof trackUsageBodySchema>;

/** An admin action that changed data, published by the service that performed it. */
export interface AuditEvent {
  actor: string;
  action: string;
  target: { type: string; id: string; label?: string };
  before?: unknown;
  after?: unknown;
  at: string;
  service: string;
}
export const AUDIT_RECORDED = 'audit.recorded';

export const auditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const userDeletedMessage = (email: string) => `User ${email} has been deleted successfully.`;

/** What deleting a user removes, and what it keeps: the delete dialog lists exactly this. */
export const USER_DELETION_SCOPE = {
  removed: [
    'account and sign-in',
    'profile and address',
    'subscription and billing details',
    'desktop sign-ins and device activations',
    'download history',
    'feedback',
  ],
  kept: ['payment records, anonymised, and tax invoices, for accounting'],
} as const;
