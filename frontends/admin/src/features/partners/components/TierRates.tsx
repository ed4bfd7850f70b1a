import { useState } from 'react';
import { COMMISSION_KINDS, PARTNER_TIERS, type PartnerTier, type TierRates as Rates } from '@portal/contracts';
import { Button, errorMessage, TextField } from '@portal/ui';
import { useSetRates } from '../api';
import type { Outcome } from './PartnersTab';

const KIND_LABELS = { new: 'New licence (%)', renewal: 'Renewal (%)', upgrade: 'Upgrade (%)' } as const;

/** The owner's commission rates, per tier and kind of sale, for orders paid from the moment they are saved. */
export function TierRates({ rates, onOutcome }: { rates: Record<PartnerTier, Rates>; onOutcome: (outcome: Outcome) => void }) {
  const save = useSetRates();
  const [edited, setEdited] = useState(rates);
  const set = (tier: PartnerTier, kind: keyof Rates, value: string) =>
    setEdited({ ...edited, [tier]: { ...edited[tier], [kind]: Number(value) } });

  async function submit(tier: PartnerTier) {
    try {
      onOutcome({ kind: 'success', text: (await save.mutateAsync({ tier, rates: edited[tier] })).message });
    } catch (failure) {
      onOutcome({ kind: 'error', text: errorMessage(failure, 'The rates could not be saved.') });
    }
  }

  return (
    <section className="card tier-rates" aria-label="Commission rates">
      <h3>Commission rates</h3>
      <p className="muted">On the taxable value of each order a partner’s customer pays; a change applies to orders paid from then on.</p>
      {PARTNER_TIERS.map((tier) => (
        <div className="row" key={tier} role="group" aria-label={`${tier} tier`}>
          <strong>{tier}</strong>
          {COMMISSION_KINDS.map((kind) => (
            <TextField
              key={kind}
              label={KIND_LABELS[kind]}
              type="number"
              step="0.01"
              min="0"
              max="50"
              value={String(edited[tier][kind])}
              onChange={(event) => set(tier, kind, event.target.value)}
            />
          ))}
          <Button variant="secondary" onClick={() => void submit(tier)} disabled={save.isPending}>
            Save {tier} rates
          </Button>
        </div>
      ))}
    </section>
  );
}
