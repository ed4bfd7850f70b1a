import { useState } from 'react';
import { PC_PACK_MAX_PCS, extraPcsLabel, formatIndianDate, formatRupees } from '@portal/contracts';
import { Banner, Button, SelectField, errorMessage } from '@portal/ui';
import { useCreatePcPackOrder, usePcPackQuote, usePcPacks } from '../api';

const PC_CHOICES = Array.from({ length: PC_PACK_MAX_PCS }, (_, index) => String(index + 1));

/**
 * Packs of extra PCs for the plan running now: how many PCs it activates, the packs on it, and a
 * pack bought at the price the server works out to the term's end, paid at PhonePe's checkout.
 */
export function PcPacks({ firmId = null }: { firmId?: string | null }) {
  const packs = usePcPacks(firmId);
  const [pcs, setPcs] = useState(1);
  const [asking, setAsking] = useState(false);
  const quote = usePcPackQuote(pcs, firmId, { enabled: asking });
  const order = useCreatePcPackOrder(firmId);
  const [failure, setFailure] = useState<string | null>(null);
  // nothing to show until the view has come (a failed read leaves the page as it was)
  if (!packs.data?.packs) return null;
  const { devicesPerSeat, seats, extraPcs, canBuy, annualPricePerPc } = packs.data;
  const running = packs.data.packs.filter((pack) => pack.state === 'active');
  if (!canBuy && !running.length) return null;

  async function pay() {
    setFailure(null);
    try {
      const created = await order.mutateAsync(pcs);
      if (created.paymentUrl) window.location.assign(created.paymentUrl);
    } catch (error) {
      setFailure(errorMessage(error, 'The order could not be placed. Please try again.'));
    }
  }

  return (
    <section className="card stack-bottom" aria-labelledby="pc-packs">
      <h2 id="pc-packs">Extra PCs</h2>
      <p>
        Your plan activates {devicesPerSeat} {devicesPerSeat === 1 ? 'PC' : 'PCs'}
        {seats > 1 ? ' for each seat' : ''}
        {extraPcs ? `, and ${extraPcs} more from the packs below` : ''}. A pack adds PCs at {formatRupees(annualPricePerPc)} a PC a year,
        priced for the days left in your plan's term.
      </p>
      {running.length > 0 && (
        <ul aria-label="Packs of extra PCs">
          {running.map((pack) => (
            <li key={pack.merchantOrderId}>
              {extraPcsLabel(pack.pcs)} until {formatIndianDate(pack.until)}
            </li>
          ))}
        </ul>
      )}
      {canBuy && (
        <div className="row">
          <SelectField
            label="PCs to add"
            options={PC_CHOICES}
            value={String(pcs)}
            onChange={(event) => {
              setPcs(Number(event.target.value));
              setFailure(null);
            }}
          />
          {!asking && (
            <Button variant="secondary" onClick={() => setAsking(true)}>
              See the price
            </Button>
          )}
        </div>
      )}
      {asking && quote.isError && <Banner kind="error">{errorMessage(quote.error, 'The price could not be worked out.')}</Banner>}
      {asking && quote.data && (
        <div role="group" aria-label="Price of the extra PCs">
          {quote.data.summary.map((line) => (
            <p key={line}>{line}</p>
          ))}
          <div className="row">
            <Button disabled={order.isPending} onClick={() => void pay()}>
              Pay {formatRupees(quote.data.amountDue)}
            </Button>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              Not now
            </Button>
          </div>
        </div>
      )}
      {failure && <Banner kind="error">{failure}</Banner>}
    </section>
  );
}
