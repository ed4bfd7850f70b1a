import { useState } from 'react';
import { billingPeriodWords, formatRupees, MANDATE_STATES, planTitle, type MandateState } from '@portal/contracts';
import { SelectField, Spinner } from '@portal/ui';
import { Pager } from '@portal/ui/pager';
import { ScrollArea } from '@portal/ui/scroll-area';
import { HeaderRow } from '../../../components/HeaderRow';
import { day } from '../../../lib/format';
import { useMandates } from '../api';

const isMandateState = (value: string): value is MandateState => (MANDATE_STATES as readonly string[]).includes(value);

/** Every UPI Autopay mandate with its state, newest first, filtered by state. */
export function MandatesTab() {
  const [state, setState] = useState<MandateState | ''>('');
  const [page, setPage] = useState(1);
  const { data: list, isPending, isError } = useMandates(state, page);
  return (
    <div>
      <SelectField
        label="State"
        emptyOption="All states"
        options={[...MANDATE_STATES]}
        value={state}
        onChange={(event) => {
          setState(isMandateState(event.target.value) ? event.target.value : '');
          setPage(1);
        }}
      />
      {isError ? (
        <p role="alert">Failed to load the mandates</p>
      ) : isPending ? (
        <Spinner />
      ) : list.mandates.length === 0 ? (
        <p>No mandates{state ? ` in the state ${state}` : ''}.</p>
      ) : (
        <>
          <ScrollArea label="Mandates">
            <table className="table">
              <HeaderRow columns={['Mandate', 'Customer', 'Plan', 'Debit', 'State', 'Set up', 'Last debit']} />
              <tbody>
                {list.mandates.map((mandate) => (
                  <tr key={mandate.mandateReference}>
                    <td>{mandate.mandateReference}</td>
                    <td>{mandate.userEmail}</td>
                    <td>
                      {planTitle(mandate.plan)} ({billingPeriodWords(mandate.billingPeriod)})
                    </td>
                    <td>{formatRupees(mandate.amount)}</td>
                    <td>
                      {mandate.state}
                      {mandate.endedReason && <div className="muted">ended: {mandate.endedReason}</div>}
                    </td>
                    <td>{day(mandate.setUpAt)}</td>
                    <td>
                      {mandate.lastDebit
                        ? `${day(mandate.lastDebit.at)} · ${formatRupees(mandate.lastDebit.amount)} · ${mandate.lastDebit.status}`
                        : 'None yet'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollArea>
          <Pager paged={list} onPage={setPage} label="Pages of mandates" />
        </>
      )}
    </div>
  );
}
