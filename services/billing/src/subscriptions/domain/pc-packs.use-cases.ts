import {
  DEVICE_LIMITS,
  extraPcsLabel,
  PC_PACK_ANNUAL_PAISE_PER_PC,
  PC_PACK_MESSAGES,
  formatIndianDate,
  formatPaise,
  isPricedPlan,
  pcPackPrice,
  rupeesOf,
  type BillingPeriod,
  type Paise,
  type PcPackQuote,
  type PcPacksView,
  type PricedPlan,
} from '@portal/contracts';
import { clockFrom } from '@portal/platform/clock';
import { AppError, conflict } from '@portal/platform/errors';
import type { BillingAccount } from '../../shared/ports';
import type { PcPackRecord, PcPackStore, PlanStore, SubscriptionRecord, SubscriptionStore } from './ports';
import { effectiveStatus } from './subscription-terms';

export interface PcPackDeps {
  packs: PcPackStore;
  subscriptions: Pick<SubscriptionStore, 'find'>;
  plans: Pick<PlanStore, 'find'>;
  now?: () => Date;
}

type Account = Pick<BillingAccount, 'id' | 'firm'>;

/** What a pack bought now would be: the plan it is added to, its PCs, to the term's end, and its price. */
export interface PcPackTerms {
  plan: PricedPlan;
  billingPeriod: BillingPeriod;
  seats: number;
  pcs: number;
  from: Date;
  until: Date;
  days: number;
  ofDays: number;
  pricePaise: Paise;
}

/** A pack counts from the day it was paid to its term's end, unless its money was given back. */
const runs = (pack: PcPackRecord, at: Date) => !pack.refunded && pack.from <= at && at < pack.until;
const pcsRunning = (packs: PcPackRecord[], at: Date) => packs.filter((pack) => runs(pack, at)).reduce((sum, pack) => sum + pack.pcs, 0);

/** A paid order of a pack, as payments keeps it. */
export interface PackOrder {
  merchantOrderId: string;
  accountId: string;
  amountPaise: Paise;
  pcPack: { pcs: number; until: Date; days: number };
}

/** The paid plan running now a pack may be added to, or why none may be. */
async function packablePlan(deps: PcPackDeps, subscription: SubscriptionRecord | null, onFirm: boolean, at: Date) {
  const end = subscription?.subscriptionEndDate;
  if (!subscription || effectiveStatus(subscription, at) !== 'active' || !end || !subscription.billingPeriod)
    throw conflict(PC_PACK_MESSAGES.noPlan);
  if (!isPricedPlan(subscription.plan)) throw conflict(PC_PACK_MESSAGES.noPlan);
  // in a renewal's grace the paid term is over: a pack would be priced for no days
  if (end.getTime() <= at.getTime()) throw conflict(PC_PACK_MESSAGES.termEnded);
  // a firm's floating seats activate any number of its PCs already; a pack would buy nothing
  if (onFirm && (await deps.plans.find(subscription.plan))?.seating === 'floating') throw conflict(PC_PACK_MESSAGES.floating);
  return { plan: subscription.plan, billingPeriod: subscription.billingPeriod, seats: subscription.seats, until: end };
}

/** A pack's terms as the page shows them before paying. */
function quoteOf({ pcs, days, ofDays, from, until, pricePaise }: PcPackTerms): PcPackQuote {
  return {
    pcs,
    annualPricePerPc: rupeesOf(PC_PACK_ANNUAL_PAISE_PER_PC),
    days,
    ofDays,
    amountDue: rupeesOf(pricePaise),
    from: from.toISOString(),
    until: until.toISOString(),
    summary: [
      `${extraPcsLabel(pcs)} from today to ${formatIndianDate(until)}, when your plan's term ends: ${days} of ${ofDays} days at ${formatPaise(PC_PACK_ANNUAL_PAISE_PER_PC)} a PC a year.`,
      `You pay ${formatPaise(pricePaise)} now. They can be activated as soon as it is paid.`,
      'They end with this term: renewing the plan does not renew them.',
    ],
  };
}

/** Packs of extra PCs on an account's plan: their price, their credit once paid, and what they add to the activation limit. */
export function pcPackUseCases(deps: PcPackDeps) {
  const now = clockFrom(deps);

  async function terms({ id, firm }: Account, pcs: number): Promise<PcPackTerms> {
    const at = now();
    const plan = await packablePlan(deps, await deps.subscriptions.find(id), firm !== null, at);
    return { ...plan, pcs, from: at, ...pcPackPrice(pcs, at, plan.until) };
  }

  return {
    terms,

    quote: async (account: Account, pcs: number): Promise<PcPackQuote> => quoteOf(await terms(account, pcs)),

    async view({ id, firm }: Account): Promise<PcPacksView> {
      const at = now();
      const [subscription, packs] = await Promise.all([deps.subscriptions.find(id), deps.packs.forAccount(id)]);
      // a refusal says no pack can be bought now; any other failure is the read's
      const canBuy = await packablePlan(deps, subscription, firm !== null, at).then(
        () => true,
        (error: unknown) => (error instanceof AppError ? false : Promise.reject(error)),
      );
      const plan = subscription && effectiveStatus(subscription, at) === 'active' ? subscription.plan : 'none';
      return {
        devicesPerSeat: DEVICE_LIMITS[plan],
        seats: subscription?.seats ?? 1,
        extraPcs: pcsRunning(packs, at),
        packs: packs.map((pack) => ({
          merchantOrderId: pack.merchantOrderId,
          pcs: pack.pcs,
          from: pack.from.toISOString(),
          until: pack.until.toISOString(),
          state: pack.refunded ? 'refunded' : pack.until <= at ? 'ended' : 'active',
        })),
        canBuy,
        annualPricePerPc: rupeesOf(PC_PACK_ANNUAL_PAISE_PER_PC),
      };
    },

    /**
     * A paid pack's credit, once (inserting its order's id): it counts from `paidAt`, the order's
     * completion, which a retry finds the same. The service its invoice describes.
     */
    async credit(order: PackOrder, paidAt: Date): Promise<{ from: Date; to: Date }> {
      const { merchantOrderId, accountId, pcPack } = order;
      const { pcs, until, days } = pcPack;
      await deps.packs.insert({
        merchantOrderId,
        accountId,
        pcs,
        from: paidAt,
        until,
        days,
        pricePaise: order.amountPaise,
        refunded: false,
      });
      return { from: paidAt, to: until };
    },

    /** The PCs the account's packs add at `at`. */
    extraPcs: async (accountId: string, at: Date): Promise<number> => pcsRunning(await deps.packs.forAccount(accountId), at),

    /** What of a pack is not yet used at `at`, by its Indian days left, or null when the order bought none. */
    async unusedOf(merchantOrderId: string, at: Date) {
      const pack = await deps.packs.find(merchantOrderId);
      if (!pack) return null;
      const left = Math.min(pack.days, Math.max(0, pcPackPrice(pack.pcs, at, pack.until).days));
      return { paise: Math.round((pack.pricePaise * left) / pack.days) as Paise, days: left, ofDays: pack.days };
    },

    /** A refund gave the pack's money back in full: it no longer counts. */
    removeRefunded: (merchantOrderId: string) => deps.packs.markRefunded(merchantOrderId),
    deleteAccount: (accountId: string) => deps.packs.deleteForAccount(accountId),
  };
}
