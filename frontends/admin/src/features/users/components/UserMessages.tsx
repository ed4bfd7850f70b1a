import { useState } from 'react';
import {
  DELIVERY_STATE_LABELS,
  formatIndianDateTime,
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_KIND_LABELS,
  PROVIDER_STATUS_LABELS,
} from '@portal/contracts';
import { Banner, Button, errorMessage, Spinner } from '@portal/ui';
import { ScrollArea } from '@portal/ui/scroll-area';
import { HeaderRow } from '../../../components/HeaderRow';
import { useSendMessageAgain, useUserMessages } from '../api';
import { adminMayNow } from '../../../admin-session';

/**
 * The user-details dialog's delivery log: what the portal sent the person and how it went, newest
 * first, in India time; a message that failed every try can be sent again.
 */
export function UserMessages({ userId }: { userId: string }) {
  const messages = useUserMessages(userId);
  const again = useSendMessageAgain(userId);
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const mayResend = adminMayNow('manage-users');
  return (
    <section aria-label="Messages">
      <h3>Messages</h3>
      {outcome && <Banner kind={outcome.kind}>{outcome.text}</Banner>}
      {messages.isPending ? (
        <Spinner />
      ) : messages.isError ? (
        <p role="alert">The messages could not be loaded.</p>
      ) : messages.data.length === 0 ? (
        <p className="muted">Nothing sent yet.</p>
      ) : (
        <ScrollArea label="Messages">
          <table className="table">
            <HeaderRow columns={['Time (IST)', 'Channel', 'Message', 'State', 'Tries', 'Last error', '']} />
            <tbody>
              {messages.data.map((message) => (
                <tr key={message.id}>
                  <td>{formatIndianDateTime(message.sentAt ?? message.createdAt)}</td>
                  <td>{MESSAGE_CHANNEL_LABELS[message.channel]}</td>
                  <td>
                    {MESSAGE_KIND_LABELS[message.kind]}
                    <span className="muted"> · {message.subject}</span>
                  </td>
                  <td>
                    {DELIVERY_STATE_LABELS[message.state]}
                    {message.providerStatus && <span className="muted"> · {PROVIDER_STATUS_LABELS[message.providerStatus]}</span>}
                  </td>
                  <td>{message.attempts}</td>
                  <td>{message.lastError ?? ''}</td>
                  <td>
                    {message.state === 'failed' && mayResend && (
                      <Button
                        variant="link"
                        disabled={again.isPending}
                        aria-label={`Send again: ${message.subject}`}
                        onClick={() =>
                          again.mutateAsync(message.id).then(
                            (text) => setOutcome({ kind: 'success', text }),
                            (failure: unknown) =>
                              setOutcome({ kind: 'error', text: errorMessage(failure, 'The message could not be sent again') }),
                          )
                        }
                      >
                        Send again
                      </Button>
                    )}
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
