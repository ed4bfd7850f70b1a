import { useState, type FormEvent } from 'react';
import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES, formatIndianDateTime, type ApiKeyScope } from '@portal/contracts';
import { Banner, Button, errorMessage, Spinner, TextField } from '@portal/ui';
import { ShownOnce } from '@portal/ui/integrations';
import type { Message } from '../../../texts';
import { useApiKeyChanges, useApiKeys } from '../api';

/**
 * Profile → Developers: read-only API keys for an integrator, each with the scopes it reads; the
 * key is shown once, when it is made, and revoking it ends it at once.
 */
export function ApiKeys() {
  const keys = useApiKeys();
  const { create, revoke } = useApiKeyChanges();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['invoices']);
  const [shown, setShown] = useState<string | null>(null);
  const [message, setMessage] = useState<Message | null>(null);

  async function make(event: FormEvent) {
    event.preventDefault();
    try {
      const made = await create.mutateAsync({ name: name.trim(), scopes });
      setShown(made.key);
      setName('');
      setMessage({ kind: 'success', text: `API key “${made.name}” made` });
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure, 'The API key could not be made') });
    }
  }
  async function end(id: string, keyName: string) {
    try {
      await revoke.mutateAsync(id);
      setMessage({ kind: 'success', text: `API key “${keyName}” revoked` });
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure, 'The API key could not be revoked') });
    }
  }
  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((chosen) => (on ? [...chosen, scope] : chosen.filter((each) => each !== scope)));

  return (
    <section className="card" aria-labelledby="api-keys-title">
      <h2 id="api-keys-title">API keys</h2>
      <p className="muted">
        A read-only key lets your accounting software or a dealer’s system read your plan, invoices or PCs, and nothing else. Send it as{' '}
        <code>Authorization: Bearer tpk_…</code>; the calls are described at <a href="/api/openapi.json">/api/openapi.json</a>.
      </p>
      {message && (
        <Banner key={message.text} kind={message.kind} onDone={() => setMessage(null)}>
          {message.text}
        </Banner>
      )}
      {shown && (
        <ShownOnce label="New API key" value={shown} testId="api-key" onDone={() => setShown(null)}>
          <strong>Copy this key now: it is not shown again.</strong>
        </ShownOnce>
      )}
      {keys.isPending && <Spinner />}
      {keys.isError && <Banner kind="error">Your API keys could not be loaded</Banner>}
      {keys.data?.length === 0 && <p>No API keys yet.</p>}
      {keys.data && keys.data.length > 0 && (
        <ul className="stack-bottom">
          {keys.data.map((key) => (
            <li key={key.id} className="row row-between">
              <span>
                <strong>{key.name}</strong> · <code>{key.preview}</code>
                <br />
                <span className="muted">
                  {key.scopes.map((scope) => API_KEY_SCOPE_LABELS[scope]).join(', ')} · made {formatIndianDateTime(key.createdAt)} ·{' '}
                  {key.lastUsedAt ? `last used ${formatIndianDateTime(key.lastUsedAt)}` : 'never used'}
                </span>
              </span>
              <Button
                variant="danger"
                disabled={revoke.isPending}
                onClick={() => void end(key.id, key.name)}
                aria-label={`Revoke ${key.name}`}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={make} aria-label="Make an API key">
        <TextField
          label="Key name"
          placeholder="Tally sync"
          required
          maxLength={80}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <fieldset>
          <legend>What it may read</legend>
          {API_KEY_SCOPES.map((scope) => (
            <label key={scope} className="checkbox">
              <input type="checkbox" checked={scopes.includes(scope)} onChange={(e) => toggle(scope, e.target.checked)} />{' '}
              {API_KEY_SCOPE_LABELS[scope]}
            </label>
          ))}
        </fieldset>
        <Button type="submit" disabled={create.isPending}>
          Make API key
        </Button>
      </form>
    </section>
  );
}
