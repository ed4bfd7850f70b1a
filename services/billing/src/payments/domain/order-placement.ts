import { randomBytes } from 'node:crypto';
import {
  AUTOPAY_MESSAGES,
  BANK_TRANSFER_MESSAGES,
  NO_PAISE,
  autopayEligible,
  mandateFrequency,
  PLAN_CHANGE_MESSAGES,
  type BillingPeriod,
  type CreateOrderResponse,
  type PricedPlan,
  type Paise,
  BILLING_PROFILE_MESSAGES,
  type BillingProfile,
} from '@portal/contracts';
import { clockFrom } from '@portal/platform/clock';
import { badRequest, conflict } from '@portal/platform/errors';
import type { BillingAccount, BillingProfileStore } from '../../shared/ports';
import { MIN_CHARGE_PAISE, assertSeatsFit } from '../../subscriptions';
import { newMerchantSubscriptionId } from './mandate-lifecycle';
import { creditOrder } from './order-credit';
import { returnPage, type PaymentDeps, orderPromotion, type BankTransferTerms, type OrderRecord } from './ports';

export interface OrderOptions {
  autoRenew?: boolean;
  seats?: number;
  /** A tax-year term's years; only with billingPeriod "tax-year". */
  taxYears?: number | undefined;
  promotionCode?: string | undefined;
  /** An order paid by bank transfer against a pro-forma, rather than at PhonePe's checkout. */
  transfer?: TransferOptions;
}

export interface TransferOptions {
  /** How long the pro-forma's price holds. */
  validityMs: number;
  /** The TDS the buyer deducts from an order of this amount, or none; refuses one it may not deduct. */
  tdsOn: (amountPaise: Paise) => Promise<BankTransferTerms['tds']>;
}

/** CGST Rule 46(e): from this value, an invoice to a buyer without a GSTIN shows their address and state. */
const ADDRESS_ON_INVOICE_FROM_PAISE = 50_000_00;

/**
 * Whether a document for this buyer could be issued as the rules ask (pure). A buyer with a GSTIN,
 * or with billing details saved (which always hold the address and state), is complete; otherwise
 * Rule 46(e) asks for them on an invoice of ₹50,000 or more, and Rule 53(1A) on every credit note.
 */
export function buyerDetailsMissing(
  profile: Pick<BillingProfile, 'gstin'> | null,
  documents: { invoicePaise: number; creditNote: boolean },
): 'invoice' | 'credit-note' | null {
  if (profile) return null;
  if (documents.invoicePaise >= ADDRESS_ON_INVOICE_FROM_PAISE) return 'invoice';
  return documents.creditNote ? 'credit-note' : null;
}

/**
 * Before anything is charged: the buyer's details an invoice of this value and, on an upgrade,
 * the credit note of the plan it ends must show; a 400 asks for them.
 */
export async function assertBuyerDetails(
  profiles: Pick<BillingProfileStore, 'find'>,
  accountId: string,
  documents: { invoicePaise: number; creditNote: boolean },
): Promise<void> {
  // most orders need no details: they are not read then (an order's query budget)
  if (buyerDetailsMissing(null, documents) === null) return;
  const missing = buyerDetailsMissing(await profiles.find(accountId), documents);
  if (missing === 'invoice') throw badRequest(BILLING_PROFILE_MESSAGES.neededForInvoice);
  if (missing === 'credit-note') throw badRequest(BILLING_PROFILE_MESSAGES.neededForCreditNote);
}

/** Ours, unique, and within PhonePe's rules (≤ 63 characters of letters, digits, _ and -). */
export const newMerchantOrderId = () => `TPP-${Date.now().toString(36).toUpperCase()}-${randomBytes(6).toString('hex').toUpperCase()}`;

/** Placing an order at the server's price: what the payments' use cases offer as `createOrder`. */
export const orderPlacement = (deps: PaymentDeps) => ({
  createOrder: (account: BillingAccount, plan: PricedPlan, billingPeriod: BillingPeriod, options?: OrderOptions) =>
    placeOrder(deps, account, plan, billingPeriod, options),
});

/**
 * The amount comes from the plan, the period and the customer's current plan alone, never from
 * the client: a renewal or a new plan costs its price, an upgrade its price less the unused
 * value of the plan it replaces. An upgrade is the only checkout open while it is open, so two
 * changes never both apply: one asked while another checkout is open, or any asked while an
 * upgrade's is, gets a 409. (Two purchases at once may both be paid; each adds its period.)
 */
async function placeOrder(
  deps: PaymentDeps,
  account: BillingAccount,
  plan: PricedPlan,
  billingPeriod: BillingPeriod,
  options: OrderOptions = {},
): Promise<CreateOrderResponse> {
  const { order, renewalPricePaise } = await recordPricedOrder(deps, account, plan, billingPeriod, options);
  if (order.amountPaise < MIN_CHARGE_PAISE) return settleWithoutCheckout(deps, order);
  return openCheckout(deps, order, { accountId: account.id, plan, renewalPricePaise });
}

/**
 * Chooses the price under the account's lock, from the plan, the period and the plan running now
 * (the quote), refuses what cannot be bought now, and records the pending order at that price.
 */
export async function recordPricedOrder(
  deps: PaymentDeps,
  account: BillingAccount,
  plan: PricedPlan,
  billingPeriod: BillingPeriod,
  { autoRenew = false, seats = 1, taxYears, promotionCode, transfer }: OrderOptions,
): Promise<{ order: OrderRecord; renewalPricePaise: Paise }> {
  assertSeatsFit(account.firm, seats);
  const firm = account.firm ? { id: account.firm.id, name: account.firm.name } : null;
  const now = clockFrom(deps);
  return deps.lock('subscription', account.id, async () => {
    const quote = await deps.changes.quote(account.id, plan, billingPeriod, { seats, taxYears, firm: firm !== null, promotionCode });
    if (quote.kind === 'switch') throw conflict(PLAN_CHANGE_MESSAGES.switchNotPaid);
    // an upgrade's credit is the unused value on the day it is paid, which a pro-forma cannot know
    if (transfer && quote.kind === 'upgrade') throw badRequest(BANK_TRANSFER_MESSAGES.notForChange);
    if (autoRenew && !autopayEligible(quote.renewalPricePaise)) throw badRequest(AUTOPAY_MESSAGES.notEligibleError);
    await assertBuyerDetails(deps.profiles, account.id, {
      invoicePaise: quote.terms?.valuePaise ?? quote.amountDuePaise,
      creditNote: (quote.terms?.credits ?? []).some((credit) => credit.merchantOrderId !== null && credit.paise > 0),
    });
    const pending = await deps.orders.pendingOf(account.id, now());
    if (quote.kind === 'upgrade' ? pending.checkout : pending.upgrade) throw conflict(PLAN_CHANGE_MESSAGES.inProgress);
    // a payment now and the mandate's debit of the same end would both add a period
    if (pending.renewal) throw conflict(AUTOPAY_MESSAGES.renewalUnderWay);
    // a mandate is set up by its first payment; one the credit pays for has none to set it up with
    const merchantSubscriptionId = autoRenew && quote.amountDuePaise >= MIN_CHARGE_PAISE ? newMerchantSubscriptionId() : null;
    const merchantOrderId = newMerchantOrderId();
    const { promotion } = quote;
    const tds = transfer ? await transfer.tdsOn(quote.amountDuePaise) : null;
    // the discount is held before the order exists, so that a code's limits count this order
    if (promotion) await deps.promotions.hold(promotion, { accountId: account.id, plan, billingPeriod, kind: quote.kind }, merchantOrderId);
    const order = await createOrder(deps, {
      merchantOrderId,
      accountId: account.id,
      userEmail: account.email,
      plan,
      billingPeriod,
      taxYears: billingPeriod === 'tax-year' ? (taxYears ?? 1) : null,
      seats,
      firm,
      amountPaise: quote.amountDuePaise,
      expireAt: new Date(now().getTime() + (transfer ? transfer.validityMs : deps.orderLifetimeSeconds * 1000)),
      change: quote.terms,
      ...(transfer && {
        method: 'bank_transfer' as const,
        bankTransfer: { proformaNumber: null, reference: null, receivedPaise: NO_PAISE, tds },
      }),
      mandate: merchantSubscriptionId ? { merchantSubscriptionId, role: 'setup' } : null,
      promotion: promotion && orderPromotion(promotion),
    });
    return { order, renewalPricePaise: quote.renewalPricePaise };
  });
}

/** Records the order; a code it held is let go if it could not be. */
async function createOrder(deps: PaymentDeps, order: Parameters<PaymentDeps['orders']['create']>[0]): Promise<OrderRecord> {
  try {
    return await deps.orders.create(order);
  } catch (error) {
    if (order.promotion) await deps.promotions.release(order.merchantOrderId);
    throw error;
  }
}

/** An upgrade its credit pays for: nothing to collect, so no checkout; it is settled and credited at once. */
async function settleWithoutCheckout(deps: PaymentDeps, order: OrderRecord): Promise<CreateOrderResponse> {
  const { merchantOrderId } = order;
  const completed = await deps.lock('order', merchantOrderId, () =>
    deps.orders.update(merchantOrderId, { status: 'completed', completedAt: clockFrom(deps)() }),
  );
  if (completed) {
    await creditOrder(deps, completed);
    await deps.onSettled?.(completed);
  }
  return { success: true, paymentUrl: `${deps.publicUrl}${returnPage(order, 'success')}`, merchantOrderId };
}

/**
 * PhonePe's checkout for the order: a payment, or the first payment of a UPI Autopay mandate whose
 * fixed amount is what each renewal costs (a whole tax year after a tax-year term's prorated first).
 */
export async function openCheckout(
  deps: PaymentDeps,
  order: OrderRecord,
  { accountId, plan, renewalPricePaise }: { accountId: string; plan: PricedPlan; renewalPricePaise: Paise },
): Promise<CreateOrderResponse> {
  const { merchantOrderId, billingPeriod } = order;
  const request = {
    merchantOrderId,
    amountPaise: order.amountPaise,
    redirectUrl: `${deps.publicUrl}/api/payment/phonepe/return?order=${merchantOrderId}`,
    expireAfterSeconds: deps.orderLifetimeSeconds,
    userId: accountId,
  };
  const setup = order.mandate;
  if (setup) {
    // each renewal debits the renewal's price, fixed at PhonePe as the mandate's amount
    await deps.mandates.create({
      merchantSubscriptionId: setup.merchantSubscriptionId,
      accountId,
      userEmail: order.userEmail,
      plan,
      billingPeriod,
      amountPaise: renewalPricePaise,
      seats: order.seats,
      firm: order.firm,
      setupOrderId: merchantOrderId,
    });
  }
  const checkout = setup
    ? await deps.gateway.setupMandate({
        ...request,
        merchantSubscriptionId: setup.merchantSubscriptionId,
        maxAmountPaise: renewalPricePaise,
        frequency: mandateFrequency(billingPeriod),
      })
    : await deps.gateway.pay(request);
  await deps.orders.update(merchantOrderId, { phonepeOrderId: checkout.orderId });
  return { success: true, paymentUrl: checkout.redirectUrl, merchantOrderId };
}
