import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { WEBHOOK_EVENT_TYPES, type WebhookEndpointView, type WebhookEventType } from '@portal/contracts';
import { errorMessage } from '../api-client';
import { Banner } from '../components/Banner';
import { Button } from '../components/Button';
import { TextField } from '../components/TextField';
import { DeliveryLog } from './DeliveryLog';
import { ShownOnce } from './ShownOnce';
import { webhookCalls } from './webhook-calls';

type Outcome = { kind: 'success' | 'error'; text: string } | null;

const DISABLED_REASONS: Record<NonNullable<WebhookEndpointView['disabled']>['reason'], string> = {
  owner: 'Disabled',
  gone: 'Disabled: it answered 410 Gone',
  failing: 'Disabled: every delivery failed for five days',
};

/**
 * Webhook endpoints of one owner (a person's on their profile, the vendor's in the admin area):
 * added with the events they take, their secret shown once; tested, rotated, disabled, removed;
 * and each one's delivery log with "Send again".
 */
export function WebhookEndpoints({ base, intro }: { base: string; intro: string }) {
  const calls = useMemo(() => webhookCalls(base), [base]);
  const [endpoints, setEndpoints] = useState<WebhookEndpointView[] | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['payment.completed', 'invoice.issued']);
  const load = useCallback(async () => {
    try {
      setEndpoints(await calls.list());
    } catch (failure) {
      setOutcome({ kind: 'error', text: errorMessage(failure, 'Your webhook endpoints could not be loaded') });
    }
  }, [calls]);
  useEffect(() => void load(), [load]);

  const run = async (work: () => Promise<string | void>, failed: string) => {
    try {
      const text = await work();
      if (text) setOutcome({ kind: 'success', text });
      await load();
    } catch (failure) {
      setOutcome({ kind: 'error', text: errorMessage(failure, failed) });
    }
  };
  async function add(event: FormEvent) {
    event.preventDefault();
    await run(async () => {
      const made = await calls.create({ url: url.trim(), events, description: description.trim() });
      setSecret(made.secret);
      setUrl('');
      setDescription('');
      return 'Endpoint added';
    }, 'The endpoint could not be added');
  }
  const toggle = (type: WebhookEventType, on: boolean) =>
    setEvents((chosen) => (on ? [...chosen, type] : chosen.filter((each) => each !== type)));
  const opened = endpoints?.find((endpoint) => endpoint.id === open);

  return (
    <section className="card" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">Webhooks</h2>
      <p className="muted">{intro}</p>
      {outcome && (
        <Banner key={outcome.text} kind={outcome.kind} onDone={() => setOutcome(null)}>
          {outcome.text}
        </Banner>
      )}
      {secret && (
        <ShownOnce label="Signing secret" value={secret} testId="webhook-secret" onDone={() => setSecret(null)}>
          <strong>Copy this signing secret now: it is not shown again.</strong> Verify each delivery’s <code>webhook-signature</code> with
          it (docs: Standard Webhooks).
        </ShownOnce>
      )}
      {endpoints?.length === 0 && <p>No endpoints yet.</p>}
      {endpoints && endpoints.length > 0 && (
        <ul className="stack-bottom">
          {endpoints.map((endpoint) => (
            <li key={endpoint.id} className="stack-bottom">
              <div className="row row-between">
                <span>
                  <strong>{endpoint.url}</strong> {endpoint.description && <span className="muted">· {endpoint.description}</span>}
                  <br />
                  <span className="muted">{endpoint.events.join(', ')}</span>
                  <br />
                  <span>{endpoint.disabled ? DISABLED_REASONS[endpoint.disabled.reason] : 'Active'}</span>
                  {endpoint.previousSecretUntil && <span className="muted"> · the old secret signs too for 24 hours</span>}
                </span>
                <span className="row">
                  <Button
                    variant="secondary"
                    onClick={() => setOpen(open === endpoint.id ? null : endpoint.id)}
                    aria-label={`Deliveries to ${endpoint.url}`}
                  >
                    Deliveries
                  </Button>
                  <Button
                    variant="secondary"
                    disabled={Boolean(endpoint.disabled)}
                    onClick={() =>
                      void run(async () => (await calls.test(endpoint.id), 'Test event sent'), 'The test event could not be sent')
                    }
                    aria-label={`Send a test event to ${endpoint.url}`}
                  >
                    Send test
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() =>
                      void run(
                        async () => (setSecret((await calls.rotate(endpoint.id)).secret), 'Secret rotated'),
                        'The secret could not be rotated',
                      )
                    }
                    aria-label={`Rotate the secret of ${endpoint.url}`}
                  >
                    Rotate secret
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() =>
                      void run(
                        async () => (
                          await calls.change(endpoint.id, { disabled: !endpoint.disabled }),
                          endpoint.disabled ? 'Endpoint enabled' : 'Endpoint disabled'
                        ),
                        'The endpoint could not be changed',
                      )
                    }
                    aria-label={`${endpoint.disabled ? 'Enable' : 'Disable'} ${endpoint.url}`}
                  >
                    {endpoint.disabled ? 'Enable' : 'Disable'}
                  </Button>
                  <Button
                    variant="danger"
                    onClick={() =>
                      void run(async () => (await calls.remove(endpoint.id), 'Endpoint deleted'), 'The endpoint could not be deleted')
                    }
                    aria-label={`Delete ${endpoint.url}`}
                  >
                    Delete
                  </Button>
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {opened && <DeliveryLog key={opened.id} calls={calls} endpointId={opened.id} url={opened.url} />}
      <form onSubmit={add} aria-label="Add a webhook endpoint" className="stack-top">
        <TextField
          label="Endpoint URL"
          placeholder="https://books.example.in/portal-webhooks"
          required
          maxLength={500}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <TextField label="Description" maxLength={200} value={description} onChange={(e) => setDescription(e.target.value)} />
        <fieldset>
          <legend>Events</legend>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="checkbox">
              <input type="checkbox" checked={events.includes(type)} onChange={(e) => toggle(type, e.target.checked)} /> {type}
            </label>
          ))}
        </fieldset>
        <Button type="submit">Add endpoint</Button>
      </form>
    </section>
  );
}
