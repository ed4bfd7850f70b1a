import { planDistribution } from '../src/domain/plan-distribution';

describe('plan distribution (behaviour.md §9)', () => {
  it('when no one has a plan, then trial, basic, professional and business are listed with zero, and everyone is under none', () => {
    expect(planDistribution([], 3)).toEqual([
      { _id: 'trial', count: 0 },
      { _id: 'basic', count: 0 },
      { _id: 'professional', count: 0 },
      { _id: 'business', count: 0 },
      { _id: 'none', count: 3 },
    ]);
  });

  it('when other plans have users, then they follow the four, largest first (ties by name); zero-count others are left out', () => {
    const counts = [
      { plan: 'business', count: 2 },
      { plan: 'enterprise', count: 1 },
      { plan: 'pro', count: 4 },
      { plan: 'trial', count: 5 },
      { plan: 'none', count: 1 },
      { plan: 'expired-custom', count: 0 },
    ];
    expect(planDistribution(counts, 13)).toEqual([
      { _id: 'trial', count: 5 },
      { _id: 'basic', count: 0 },
      { _id: 'professional', count: 0 },
      { _id: 'business', count: 2 },
      { _id: 'pro', count: 4 },
      { _id: 'enterprise', count: 1 },
      { _id: 'none', count: 1 },
    ]);
  });
});
