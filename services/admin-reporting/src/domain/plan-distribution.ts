import { ALWAYS_LISTED_PLANS } from '@portal/contracts';

/**
 * Spec §9, read as: trial, basic, professional and business always, zero counts
 * included, in that order; then any other plan that has users, the largest first. Users with no
 * subscription record count under "none".
 */
export function planDistribution(counts: { plan: string; count: number }[], totalUsers: number): { _id: string; count: number }[] {
  const byPlan = new Map<string, number>();
  for (const { plan, count } of counts) byPlan.set(plan, (byPlan.get(plan) ?? 0) + count);
  const withRecord = [...byPlan.values()].reduce((sum, count) => sum + count, 0);
  byPlan.set('none', (byPlan.get('none') ?? 0) + Math.max(0, totalUsers - withRecord));
  const always = ALWAYS_LISTED_PLANS.map((plan) => ({ _id: plan, count: byPlan.get(plan) ?? 0 }));
  const others = [...byPlan.entries()]
    .filter(([plan, count]) => count > 0 && !(ALWAYS_LISTED_PLANS as readonly string[]).includes(plan))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([plan, count]) => ({ _id: plan, count }));
  return [...always, ...others];
}
