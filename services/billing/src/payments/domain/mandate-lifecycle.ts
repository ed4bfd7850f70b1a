import { randomBytes } from 'node:crypto';
import type { MandateState } from '@portal/contracts';
import type { AutopayDeps, MandateEndReason, MandateRecord, PhonePeMandateState } from './ports';

const STATE_OF: Record<PhonePeMandateState, MandateState> = {
  ACTIVATION_IN_PROGRESS: 'pending',
  ACTIVE: 'active',
  PAUSE_IN_PROGRESS: 'paused',
  PAUSED: 'paused',
  // still paused until PhonePe says it is active again
  UNPAUSE_IN_PROGRESS: 'paused',
  REVOKE_IN_PROGRESS: 'revoked',
  REVOKED: 'revoked',
  CANCEL_IN_PROGRESS: 'cancelled',
  CANCELLED: 'cancelled',
  FAILED: 'failed',
  EXPIRED: 'expired',
};

/** States from which a mandate may still debit. */
const LIVE: readonly MandateState[] = ['pending', 'active', 'paused'];
const isLiveMandate = (mandate: MandateRecord) => LIVE.includes(mandate.state);

/** Ours, unique, and within PhonePe's rules for merchantSubscriptionId (≤ 63 of letters, digits, _ and -). */
export const newMerchantSubscriptionId = () =>
  `TPM-${Date.now().toString(36).toUpperCase()}-${randomBytes(6).toString('hex').toUpperCase()}`;

/** Renewals not yet debited are dropped when their mandate stops: nothing will be debited. */
async function dropRenewals({ orders, ledger }: AutopayDeps, mandate: MandateRecord): Promise<void> {
  for (const order of await orders.forMandates([mandate.merchantSubscriptionId])) {
    if (order.status !== 'pending' || order.mandate?.role !== 'renewal' || !order.renewal || order.renewal.redeemRequestedAt) continue;
    await orders.update(order.merchantOrderId, { status: 'expired' });
    if (order.accountId) await ledger.releaseRenewal(order.accountId, order.renewal.dueAt);
  }
}

/** Reads the mandate's state from PhonePe and records it (the caller holds the account's mandates lock). */
export async function reflectMandate(deps: AutopayDeps, mandate: MandateRecord): Promise<MandateRecord> {
  const remote = await deps.gateway.mandateStatus(mandate.merchantSubscriptionId);
  if (!remote) return mandate;
  const state = STATE_OF[remote.state] ?? mandate.state;
  if (state === mandate.state && remote.subscriptionId === mandate.phonepeSubscriptionId) return mandate;
  const updated =
    (await deps.mandates.update(mandate.merchantSubscriptionId, { state, phonepeSubscriptionId: remote.subscriptionId })) ?? mandate;
  deps.logger.info({ merchantSubscriptionId: mandate.merchantSubscriptionId, from: mandate.state, to: state }, 'mandate state changed');
  if (state !== 'active') await dropRenewals(deps, updated);
  return updated;
}

/** Cancels a live mandate at PhonePe and records why; a pending one's checkout simply lapses. */
async function endMandate(deps: AutopayDeps, mandate: MandateRecord, reason: MandateEndReason): Promise<MandateRecord> {
  if (!isLiveMandate(mandate)) return mandate;
  if (mandate.state !== 'pending') await deps.gateway.cancelMandate(mandate.merchantSubscriptionId);
  const ended = (await deps.mandates.update(mandate.merchantSubscriptionId, { state: 'cancelled', endedReason: reason })) ?? mandate;
  await dropRenewals(deps, ended);
  return ended;
}

/** Ends every live mandate of the account but `keep` (the caller holds the account's mandates lock). */
export async function endMandates(deps: AutopayDeps, accountId: string, reason: MandateEndReason, keep?: string): Promise<number> {
  let ended = 0;
  for (const mandate of await deps.mandates.forUser(accountId)) {
    if (mandate.merchantSubscriptionId === keep || !isLiveMandate(mandate)) continue;
    await endMandate(deps, mandate, reason);
    ended++;
  }
  return ended;
}
