import { useState } from 'react';
import { formatIndianDateTime } from '@portal/contracts';
import { Banner, Button, errorMessage, Spinner } from '@portal/ui';
import { useDeactivateDevice, useDevices } from '../api';
import { OfflineActivation } from './OfflineActivation';

/** The profile page's Devices tab: the machines the desktop app runs on, each deactivatable to free a place. */
export function Devices() {
  const devices = useDevices();
  const deactivate = useDeactivateDevice();
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  async function remove(deviceId: string) {
    try {
      setMessage({ kind: 'success', text: await deactivate.mutateAsync(deviceId) });
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure, 'The device could not be deactivated') });
    }
  }

  if (devices.isPending) return <Spinner />;
  if (devices.isError) return <Banner kind="error">Your devices could not be loaded</Banner>;
  return (
    <section className="card" aria-label="Devices">
      <p className="muted">The computers the desktop app is activated on. Deactivate one to use the app on another.</p>
      {message && (
        <Banner key={message.text} kind={message.kind} onDone={() => setMessage(null)}>
          {message.text}
        </Banner>
      )}
      {devices.data.length === 0 ? (
        <p>No devices yet. Sign in to the desktop app to activate this computer.</p>
      ) : (
        <ul className="stack-bottom">
          {devices.data.map((device) => (
            <li key={device.deviceId} className="row row-between">
              <span>
                <strong>{device.deviceName}</strong> · {device.os} · app {device.appVersion}
                <br />
                <span className="muted">Last seen {formatIndianDateTime(device.lastSeenAt)}</span>
              </span>
              <Button
                variant="secondary"
                disabled={deactivate.isPending}
                onClick={() => void remove(device.deviceId)}
                aria-label={`Deactivate ${device.deviceName}`}
              >
                Deactivate
              </Button>
            </li>
          ))}
        </ul>
      )}
      <OfflineActivation onMessage={setMessage} />
    </section>
  );
}
