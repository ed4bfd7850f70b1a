import { useState } from 'react';
import { formatIndianDate, formatRupees, type CreateOrderBody, type PlanChangeQuote, type ProformaView } from '@portal/contracts';
import { errorMessage } from '@portal/ui';
import { type FirmScope } from '../../lib/firm-scope';
import { TEXTS, type Message } from '../../texts';
import { useCreateOrder, useScheduledSwitch } from './api';

/**
 * A chosen plan card, for a person or a firm (`firmId`), from its confirmation on: a switch is
 * scheduled; a purchase asks for the billing details first when none are saved (the invoice's
 * place of supply), then goes to PhonePe. Each outcome is told through `onMessage`.
 */
export function usePlanCheckout(
  firmId: FirmScope,
  onMessage: (message: Message) => void,
  {
    detailsMissing,
    chosen = null,
    requestProforma: askForProforma,
  }: {
    /** The account has no billing details saved (the billing feature knows; the page tells). */
    detailsMissing: boolean;
    /** A card chosen before the page opened (the pricing page's link). */
    chosen?: CreateOrderBody | null;
    /** Asks for a pro-forma to pay by bank transfer (the billing feature's; the page passes it). */
    requestProforma?: (body: CreateOrderBody & { deductsTds: boolean }) => Promise<ProformaView>;
  },
) {
  const order = useCreateOrder();
  const { schedule, cancel } = useScheduledSwitch(firmId);
  const [busy, setBusy] = useState(false);
  // The card being confirmed, before anything is paid or scheduled.
  const [confirming, setConfirming] = useState<CreateOrderBody | null>(chosen);
  // The choice of a buyer who must first say where they are billed; a pro-forma's, with whether they deduct TDS.
  const [awaitingDetails, setAwaitingDetails] = useState<{
    choice: CreateOrderBody;
    autoRenew: boolean;
    proforma?: { deductsTds: boolean };
  } | null>(null);

  async function pay(choice: CreateOrderBody, autoRenew: boolean) {
    setAwaitingDetails(null);
    setBusy(true);
    onMessage({ kind: 'info', text: TEXTS.orderRedirecting });
    try {
      const created = await order.mutateAsync({ ...choice, ...(autoRenew ? { autoRenew } : {}), firmId });
      if (created.success && created.paymentUrl) return window.location.assign(created.paymentUrl);
      // The call went through but gave no checkout to go to (behaviour.md §8's own text for this case).
      onMessage({ kind: 'error', text: TEXTS.orderWithoutCheckout });
    } catch (failure) {
      onMessage({ kind: 'error', text: errorMessage(failure, TEXTS.orderFailed) });
    }
    setBusy(false);
  }

  /** A pro-forma to pay by bank transfer: what to transfer, quoting what, until when. */
  async function requestProforma(choice: CreateOrderBody, deductsTds: boolean) {
    setAwaitingDetails(null);
    setBusy(true);
    try {
      if (!askForProforma) return;
      const proforma = await askForProforma({ ...choice, deductsTds });
      onMessage({
        kind: 'success',
        text: `Pro-forma ${proforma.number} is ready: transfer ${formatRupees(proforma.amountDue)} quoting ${proforma.reference} by ${formatIndianDate(proforma.validUntil)}. We have e-mailed it to you too.`,
      });
    } catch (failure) {
      onMessage({ kind: 'error', text: errorMessage(failure, 'The pro-forma could not be made. Please try again.') });
    }
    setBusy(false);
  }

  async function scheduleSwitch(choice: CreateOrderBody) {
    try {
      onMessage({ kind: 'success', text: (await schedule.mutateAsync(choice)).data.message });
    } catch (failure) {
      onMessage({ kind: 'error', text: errorMessage(failure, 'The switch could not be scheduled. Please try again.') });
    }
  }

  return {
    busy,
    confirming,
    choose: setConfirming,
    close: () => setConfirming(null),
    awaitingDetails,
    cancelling: cancel.isPending,
    /** The billing details were saved: the purchase they held back goes on. */
    detailsSaved: () =>
      awaitingDetails &&
      void (awaitingDetails.proforma
        ? requestProforma(awaitingDetails.choice, awaitingDetails.proforma.deductsTds)
        : pay(awaitingDetails.choice, awaitingDetails.autoRenew)),

    proforma(quote: PlanChangeQuote, { deductsTds }: { deductsTds: boolean }) {
      setConfirming(null);
      const choice = choiceOf(quote);
      if (detailsMissing) setAwaitingDetails({ choice, autoRenew: false, proforma: { deductsTds } });
      else void requestProforma(choice, deductsTds);
    },

    confirmed(quote: PlanChangeQuote, { autoRenew }: { autoRenew: boolean }) {
      setConfirming(null);
      const choice = choiceOf(quote);
      if (quote.kind === 'switch') return void scheduleSwitch(choice);
      if (detailsMissing) setAwaitingDetails({ choice, autoRenew });
      else void pay(choice, autoRenew);
    },

    async cancelSwitch() {
      try {
        onMessage({ kind: 'success', text: (await cancel.mutateAsync()).data.message });
      } catch (failure) {
        onMessage({ kind: 'error', text: errorMessage(failure, 'The switch could not be cancelled. Please try again.') });
      }
    },
  };
}

/** A code the customer typed; a code's later period and a referral credit the server finds again by itself. */
const typedCode = ({ promotion }: PlanChangeQuote) =>
  promotion?.kind === 'code' && (promotion.period?.number ?? 1) === 1 ? promotion.code : null;

/** What was quoted, as the order asks for it: a person's one seat is the server's default; a firm's seats and a code applied go with the choice. */
const choiceOf = (quote: PlanChangeQuote): CreateOrderBody => {
  const promotionCode = typedCode(quote);
  return {
    plan: quote.plan,
    billingPeriod: quote.billingPeriod,
    ...(quote.taxYears ? { taxYears: quote.taxYears } : {}),
    ...(quote.seats > 1 ? { seats: quote.seats } : {}),
    ...(promotionCode ? { promotionCode } : {}),
  };
};
