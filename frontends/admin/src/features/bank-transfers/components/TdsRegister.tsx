import { formatRupees, istDateOf, type TdsState } from '@portal/contracts';
import { Button } from '@portal/ui';
import { useFileDownload } from '@portal/ui/save-file';
import { ScrollArea } from '@portal/ui/scroll-area';
import { adminMayNow } from '../../../admin-session';
import { HeaderRow } from '../../../components/HeaderRow';
import { day } from '../../../lib/format';
import { tellOutcome, type Outcome } from '../outcome';
import { useCreditTds, useRejectTds, useTdsRegister } from '../api';

const STATE_TEXTS: Record<TdsState, string> = {
  receivable: 'Receivable',
  uploaded: 'Form 16A to check',
  credited: 'Credited',
  rejected: 'Rejected',
};

/** TDS receivable, by quarter and customer: the Form 16A to check, credit or reject, and the register as CSV. */
export function TdsRegister({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  const register = useTdsRegister();
  const crediting = useCreditTds();
  const rejecting = useRejectTds();
  const { download } = useFileDownload();
  const mayDecide = adminMayNow('record-receipts');
  const act = (work: () => Promise<unknown>, done: string) =>
    tellOutcome(
      onOutcome,
      async () => {
        await work();
        return done;
      },
      'It could not be done',
    );
  return (
    <>
      <h2>TDS receivable</h2>
      {adminMayNow('export-billing') && (
        <Button variant="secondary" onClick={() => void download('/api/admin/export/tds', `tds-receivable_${istDateOf(new Date())}.csv`)}>
          Download the TDS register (CSV)
        </Button>
      )}
      <ScrollArea label="TDS receivable">
        <table className="table">
          <HeaderRow columns={['Quarter', 'Customer', 'Invoice', 'TDS', 'State', 'Form 16A due', 'Actions']} />
          <tbody>
            {(register.data ?? []).map((row) => (
              <tr key={row.reference}>
                <td>{row.quarter}</td>
                <td>{row.customer}</td>
                <td>{row.invoiceNumber}</td>
                <td>{formatRupees(row.amount)}</td>
                <td>
                  {STATE_TEXTS[row.state]}
                  {row.certificateNumber && ` (${row.certificateNumber})`}
                  {row.overdue && <span className="badge badge-red">Overdue</span>}
                </td>
                <td>{day(row.certificateDue)}</td>
                <td>
                  {row.uploadedAt && (
                    <Button
                      variant="link"
                      aria-label={`Download the Form 16A of ${row.reference}`}
                      onClick={() => void download(`/api/admin/tds/${row.reference}/form-16a`, `form-16a-${row.reference}.pdf`)}
                    >
                      Form 16A
                    </Button>
                  )}
                  {mayDecide && row.state === 'uploaded' && (
                    <>
                      <Button
                        variant="link"
                        aria-label={`Mark the TDS of ${row.reference} credited`}
                        onClick={() => {
                          const certificateNumber = window.prompt('The certificate number on the Form 16A');
                          if (certificateNumber)
                            void act(
                              () => crediting.mutateAsync({ reference: row.reference, certificateNumber, quarter: row.quarter }),
                              `The TDS of ${row.reference} is credited.`,
                            );
                        }}
                      >
                        Mark credited
                      </Button>
                      <Button
                        variant="link"
                        aria-label={`Reject the Form 16A of ${row.reference}`}
                        onClick={() => {
                          const reason = window.prompt('Why is the certificate not accepted?');
                          if (reason)
                            void act(
                              () => rejecting.mutateAsync({ reference: row.reference, reason }),
                              `The Form 16A of ${row.reference} is rejected.`,
                            );
                        }}
                      >
                        Reject
                      </Button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
    </>
  );
}
