import { z } from 'zod';
import { DAY_MS, istDateOf, istDayStart } from './dates';
import { asPaise, type Paise } from './money';

/**
 * Packs of extra PCs: bought on the subscription page for the plan running now, a person's or a
 * firm's, they raise the activation limit at once and end with the term they were bought in. A
 * pack is priced per PC for a year, prorated to the term's end by its days (the day of purchase
 * included), as a tax-year term's first year is, and invoiced as its own line (docs/decisions/0075).
 */
export const PC_PACK_ANNUAL_PAISE_PER_PC: Paise = asPaise(1200_00);
export const PC_PACK_MAX_PCS = 10;

/** How a pack's PCs read: "1 extra PC", "2 extra PCs". */
export const extraPcsLabel = (pcs: number) => `${pcs} extra ${pcs === 1 ? 'PC' : 'PCs'}`;

export const PC_PACK_MESSAGES = {
  pcs: `Choose 1 to ${PC_PACK_MAX_PCS} PCs`,
  noPlan: 'Extra PCs are added to a paid plan that is running. Choose a plan first.',
  floating: 'Your firm’s seats float: any of its PCs may be activated already. Buy more seats to run more at once.',
  termEnded: 'Your plan’s paid term has ended. Renew it first, then add PCs to the new term.',
} as const;

const pcsSchema = z
  .number({ error: PC_PACK_MESSAGES.pcs })
  .int(PC_PACK_MESSAGES.pcs)
  .min(1, PC_PACK_MESSAGES.pcs)
  .max(PC_PACK_MAX_PCS, PC_PACK_MESSAGES.pcs);
/** POST /api/payment/create-pc-pack-order. */
export const pcPackBodySchema = z.object({ pcs: pcsSchema });
/** GET /api/subscription/pc-packs/quote?pcs=: the same, from a query's text. */
export const pcPackQuerySchema = z.object({ pcs: z.coerce.number({ error: PC_PACK_MESSAGES.pcs }).pipe(pcsSchema) });
export type PcPackBody = z.infer<typeof pcPackBodySchema>;

/**
 * What a pack of `pcs` costs from `at` to the term's end `until` (pure): the year's price per PC ×
 * PCs × the Indian days left, the first included, ÷ the days of the year that ends on `until`'s day
 * (366 when it holds a 29 February), to the nearest paisa.
 */
export function pcPackPrice(pcs: number, at: Date, until: Date, annualPaisePerPc: Paise = PC_PACK_ANNUAL_PAISE_PER_PC) {
  const days = Math.ceil((until.getTime() - istDayStart(istDateOf(at)).getTime()) / DAY_MS);
  const lastDay = istDateOf(until);
  const yearBefore = `${Number(lastDay.slice(0, 4)) - 1}${lastDay.slice(4)}`;
  // 29 February has no day a year before: the year then runs from 1 March
  const start = lastDay.endsWith('-02-29') ? `${yearBefore.slice(0, 4)}-03-01` : yearBefore;
  const ofDays = Math.round((istDayStart(lastDay).getTime() - istDayStart(start).getTime()) / DAY_MS);
  return { days, ofDays, pricePaise: asPaise(Math.round((annualPaisePerPc * pcs * days) / ofDays)) };
}

/** GET /api/subscription/pc-packs/quote?pcs=: what a pack would cost now, in rupees as the API writes them. */
export interface PcPackQuote {
  pcs: number;
  /** A PC's price for a whole year. */
  annualPricePerPc: number;
  days: number;
  ofDays: number;
  amountDue: number;
  from: string;
  until: string;
  summary: string[];
}

/** One pack bought: its PCs, from when until when, and whether a refund took it back. */
export interface PcPackView {
  merchantOrderId: string;
  pcs: number;
  from: string;
  until: string;
  state: 'active' | 'ended' | 'refunded';
}

/** GET /api/subscription/pc-packs: the activation limit the plan gives and the packs on it. */
export interface PcPacksView {
  /** The PCs each seat of the plan activates, before packs. */
  devicesPerSeat: number;
  seats: number;
  /** The PCs the packs running now add. */
  extraPcs: number;
  packs: PcPackView[];
  /** Whether a pack can be bought now (a paid plan running, with named seats). */
  canBuy: boolean;
  annualPricePerPc: number;
}
