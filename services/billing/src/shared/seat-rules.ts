import { FIRM_MESSAGES } from '@portal/contracts';
import { badRequest, conflict } from '@portal/platform/errors';
import type { BillingAccount } from './ports';

/**
 * A person buys one seat; a firm buys one at least for each of its people, as Slack
 * and Keygen keep seats at or above the users, so nobody loses their seat by a purchase.
 */
export function assertSeatsFit(firm: BillingAccount['firm'], seats: number): void {
  if (!firm && seats > 1) throw badRequest(FIRM_MESSAGES.seatsNeedFirm);
  if (firm && seats < firm.members) throw conflict(FIRM_MESSAGES.seatsBelowMembers(firm.members));
}
