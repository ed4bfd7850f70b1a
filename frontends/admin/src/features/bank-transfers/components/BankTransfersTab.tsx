import { useState, type FormEvent } from 'react';
import { billingPeriodWords, formatRupees, istDateOf, planTitle, type ProformaView, type StatementImportView } from '@portal/contracts';
import { Banner, Button, TextField } from '@portal/ui';
import { ScrollArea } from '@portal/ui/scroll-area';
import { adminMayNow } from '../../../admin-session';
import { HeaderRow } from '../../../components/HeaderRow';
import { day } from '../../../lib/format';
import { tellOutcome, type Outcome } from '../outcome';
import { useApplyReceipt, useOpenProformas, useRecordReceipt, useReturnReceipt, useUnappliedReceipts, useUploadStatement } from '../api';
import { TdsRegister } from './TdsRegister';

const OUTCOME_TEXTS = { paid: 'paid', part_paid: 'part paid', unapplied: 'unapplied', duplicate: 'already recorded' } as const;

/** A statement's lines, as the admin reads what became of them. */
const importSummary = ({ credits, skipped, results }: StatementImportView) =>
  `${credits} ${credits === 1 ? 'credit' : 'credits'} read, ${skipped} other lines skipped: ${
    results.map((result) => `${result.utr} ${OUTCOME_TEXTS[result.outcome]}`).join('; ') || 'none'
  }.`;

/** A credit seen in the bank account, recorded against one pro-forma. */
function ReceiptForm({ proforma, onOutcome }: { proforma: ProformaView; onOutcome: (outcome: Outcome) => void }) {
  const recording = useRecordReceipt();
  const [amount, setAmount] = useState((proforma.amountDue - proforma.received).toFixed(2));
  const [utr, setUtr] = useState('');
  const [receivedOn, setReceivedOn] = useState(() => istDateOf(new Date()));
  const [bank, setBank] = useState('');
  async function submit(event: FormEvent) {
    event.preventDefault();
    await tellOutcome(
      onOutcome,
      async () => {
        const applied = await recording.mutateAsync({ reference: proforma.reference, amount: Number(amount), utr, receivedOn, bank });
        return `Recorded: ${proforma.number} is ${OUTCOME_TEXTS[applied.outcome]}.`;
      },
      'The receipt could not be recorded',
    );
  }
  return (
    <form className="row" onSubmit={submit} aria-label={`Record a receipt for ${proforma.number}`}>
      <TextField label="Amount (₹)" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} required />
      <TextField label="UTR" value={utr} onChange={(e) => setUtr(e.target.value.toUpperCase())} required />
      <TextField label="Received on" type="date" value={receivedOn} onChange={(e) => setReceivedOn(e.target.value)} required />
      <TextField label="From bank" value={bank} onChange={(e) => setBank(e.target.value)} required />
      <Button type="submit" disabled={recording.isPending}>
        Record receipt
      </Button>
    </form>
  );
}

function StatementUpload({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  const uploading = useUploadStatement();
  async function upload(file: File | undefined) {
    if (!file) return;
    await tellOutcome(
      onOutcome,
      async () => importSummary(await uploading.mutateAsync(await file.text())),
      'The statement could not be read',
    );
  }
  return (
    <div className="field">
      <label htmlFor="bank-statement">Bank statement (CSV: Date, Narration, UTR, Credit)</label>
      <input
        id="bank-statement"
        type="file"
        accept=".csv,text/csv"
        disabled={uploading.isPending}
        onChange={(e) => void upload(e.target.files?.[0])}
      />
    </div>
  );
}

/** Bank transfers: the pro-formas waiting for money, a statement's credits, and what matched nothing. */
export function BankTransfersTab() {
  const proformas = useOpenProformas();
  const unapplied = useUnappliedReceipts();
  const applying = useApplyReceipt();
  const returning = useReturnReceipt();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [recordingFor, setRecordingFor] = useState<string | null>(null);
  const mayRecord = adminMayNow('record-receipts');
  const act = (work: () => Promise<unknown>, done: string, failed: string) =>
    tellOutcome(
      setOutcome,
      async () => {
        await work();
        return done;
      },
      failed,
    );
  return (
    <section aria-label="Bank transfers">
      {outcome && <Banner kind={outcome.kind}>{outcome.text}</Banner>}
      {mayRecord && <StatementUpload onOutcome={setOutcome} />}
      <h2>Pro-formas waiting for money</h2>
      <ScrollArea label="Pro-formas waiting for money">
        <table className="table">
          <HeaderRow columns={['Pro-forma', 'Customer', 'Plan', 'To transfer', 'TDS', 'Received', 'Valid until', 'Actions']} />
          <tbody>
            {(proformas.data ?? []).map((proforma) => (
              <tr key={proforma.number}>
                <td>
                  {proforma.number}
                  <span className="muted block">{proforma.reference}</span>
                </td>
                <td>{proforma.firm ?? proforma.customerEmail}</td>
                <td>
                  {planTitle(proforma.plan)} ({billingPeriodWords(proforma.billingPeriod)})
                  {proforma.seats > 1 && `, ${proforma.seats} seats`}
                </td>
                <td>{formatRupees(proforma.amountDue)}</td>
                <td>{proforma.tds ? formatRupees(proforma.tds.amount) : '—'}</td>
                <td>{formatRupees(proforma.received)}</td>
                <td>{day(proforma.validUntil)}</td>
                <td>
                  {mayRecord &&
                    (recordingFor === proforma.number ? (
                      <ReceiptForm proforma={proforma} onOutcome={setOutcome} />
                    ) : (
                      <Button
                        variant="link"
                        aria-label={`Record a receipt for ${proforma.number}`}
                        onClick={() => setRecordingFor(proforma.number)}
                      >
                        Record receipt
                      </Button>
                    ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
      <TdsRegister onOutcome={setOutcome} />
      <h2>Unapplied receipts</h2>
      <ScrollArea label="Unapplied receipts">
        <table className="table">
          <HeaderRow columns={['UTR', 'Date', 'Amount', 'Narration', 'Why', 'Actions']} />
          <tbody>
            {(unapplied.data ?? []).map((receipt) => (
              <tr key={receipt.utr}>
                <td>{receipt.utr}</td>
                <td>{day(receipt.receivedOn)}</td>
                <td>{formatRupees(receipt.amount)}</td>
                <td>{receipt.narration}</td>
                <td>{receipt.note}</td>
                <td>
                  {mayRecord && (
                    <>
                      <Button
                        variant="link"
                        aria-label={`Apply ${receipt.utr} to a pro-forma`}
                        onClick={() => {
                          const reference = window.prompt('The pro-forma it pays (its number or reference)');
                          if (reference)
                            void act(
                              () => applying.mutateAsync({ utr: receipt.utr, reference }),
                              `${receipt.utr} applied.`,
                              'It could not be applied',
                            );
                        }}
                      >
                        Apply
                      </Button>
                      <Button
                        variant="link"
                        aria-label={`Mark ${receipt.utr} as returned`}
                        onClick={() => {
                          const note = window.prompt('How was the money returned?');
                          if (note)
                            void act(
                              () => returning.mutateAsync({ utr: receipt.utr, note }),
                              `${receipt.utr} marked as returned.`,
                              'It could not be marked',
                            );
                        }}
                      >
                        Returned
                      </Button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
    </section>
  );
}
