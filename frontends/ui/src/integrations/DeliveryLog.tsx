import { useCallback, useEffect, useState } from 'react';
import { formatIndianDateTime, type WebhookDeliveryView } from '@portal/contracts';
import { errorMessage } from '../api-client';
import { Banner } from '../components/Banner';
import { Button } from '../components/Button';
import type { WebhookCalls } from './webhook-calls';

const STATE_LABELS: Record<WebhookDeliveryView['state'], string> = { pending: 'Retrying', succeeded: 'Delivered', failed: 'Failed' };

/** An endpoint's last deliveries, newest first, each with the endpoint's last answer and "Send again". */
export function DeliveryLog({ calls, endpointId, url }: { calls: WebhookCalls; endpointId: string; url: string }) {
  const [deliveries, setDeliveries] = useState<WebhookDeliveryView[] | null>(null);
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const load = useCallback(async () => {
    try {
      setDeliveries(await calls.deliveries(endpointId));
    } catch (failure) {
      setOutcome({ kind: 'error', text: errorMessage(failure, 'The deliveries could not be loaded') });
    }
  }, [calls, endpointId]);
  useEffect(() => void load(), [load]);

  async function again(webhookId: string) {
    try {
      await calls.sendAgain(endpointId, webhookId);
      setOutcome({ kind: 'success', text: `Sent again: ${webhookId}` });
      await load();
    } catch (failure) {
      setOutcome({ kind: 'error', text: errorMessage(failure, 'The delivery could not be sent again') });
    }
  }

  return (
    <section aria-label={`Deliveries to ${url}`} className="stack-top">
      <div className="row row-between">
        <h3>Deliveries to {url}</h3>
        <Button variant="secondary" onClick={() => void load()}>
          Refresh
        </Button>
      </div>
      {outcome && <Banner kind={outcome.kind}>{outcome.text}</Banner>}
      {deliveries?.length === 0 && <p className="muted">Nothing sent yet.</p>}
      {deliveries && deliveries.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              {['Event', 'Webhook id', 'State', 'Tries', 'Last answer', 'Created', 'Actions'].map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {deliveries.map((delivery) => (
              <tr key={delivery.id}>
                <td>{delivery.type}</td>
                <td>
                  <code>{delivery.id}</code>
                </td>
                <td>{STATE_LABELS[delivery.state]}</td>
                <td>{delivery.attempts}</td>
                <td>{delivery.lastStatus ?? delivery.lastError ?? '—'}</td>
                <td>{formatIndianDateTime(delivery.createdAt)}</td>
                <td>
                  <Button variant="secondary" onClick={() => void again(delivery.id)} aria-label={`Send ${delivery.id} again`}>
                    Send again
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
