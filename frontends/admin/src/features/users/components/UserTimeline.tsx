import { creditNoteFileName, formatRupees, invoiceFileName, TIMELINE_KIND_LABELS, type TimelineDocument } from '@portal/contracts';
import { Button, Spinner } from '@portal/ui';
import { useFileDownload } from '@portal/ui/save-file';
import { ScrollArea } from '@portal/ui/scroll-area';
import { HeaderRow } from '../../../components/HeaderRow';
import { day } from '../../../lib/format';
import { useUserTimeline } from '../api';

const fileName = (document: TimelineDocument) =>
  document.kind === 'invoice' ? invoiceFileName(document.number) : creditNoteFileName(document.number);

/** The user-details dialog's billing timeline: every period, change, mandate, payment and refund, newest first. */
export function UserTimeline({ userId }: { userId: string }) {
  const timeline = useUserTimeline(userId);
  const { download, failed } = useFileDownload();

  return (
    <section aria-label="Billing timeline">
      <h3>Billing timeline</h3>
      {failed && <p role="alert">The document could not be downloaded.</p>}
      {timeline.isPending ? (
        <Spinner />
      ) : timeline.isError ? (
        <p role="alert">The billing timeline could not be loaded.</p>
      ) : timeline.data.length === 0 ? (
        <p className="muted">Nothing billed yet.</p>
      ) : (
        <ScrollArea label="Billing timeline">
          <table className="table">
            <HeaderRow columns={['Date', 'Event', 'Details', 'State', 'Amount', 'Documents']} />
            <tbody>
              {timeline.data.map((event, index) => (
                <tr key={`${event.kind}-${event.reference ?? index}-${event.at}`}>
                  <td>{day(event.at)}</td>
                  <td>{TIMELINE_KIND_LABELS[event.kind]}</td>
                  <td>
                    {event.summary}
                    {event.reference && <span className="muted"> · {event.reference}</span>}
                  </td>
                  <td>{event.state ?? ''}</td>
                  <td>{event.amount === null ? '' : formatRupees(event.amount)}</td>
                  <td>
                    {event.documents.map((document) => (
                      <Button
                        key={document.number}
                        variant="link"
                        aria-label={`Download ${document.kind === 'invoice' ? 'invoice' : 'credit note'} ${document.number}`}
                        onClick={() => void download(document.url, fileName(document))}
                      >
                        {document.number}
                      </Button>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
    </section>
  );
}
