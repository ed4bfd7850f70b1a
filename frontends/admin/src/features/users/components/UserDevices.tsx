import { Button, Spinner } from '@portal/ui';
import { useDeactivateUserDevice, useUserDevices } from '../api';
import { dateOrNotProvided } from '../user-labels';
import { adminMayNow } from '../../../admin-session';

/** The user-details dialog's devices: where the desktop app is activated, each deactivatable. */
export function UserDevices({ userId }: { userId: string }) {
  const devices = useUserDevices(userId);
  const deactivate = useDeactivateUserDevice(userId);
  return (
    <section aria-label="Devices">
      <h3>Devices</h3>
      {devices.isPending ? (
        <Spinner />
      ) : devices.isError ? (
        <p role="alert">The devices could not be loaded.</p>
      ) : devices.data.length === 0 ? (
        <p className="muted">No activated devices.</p>
      ) : (
        <ul className="stack-bottom">
          {devices.data.map((device) => (
            <li key={device.deviceId} className="row row-between">
              <span>
                {device.deviceName} · {device.os} · app {device.appVersion} · last seen {dateOrNotProvided(device.lastSeenAt)}
              </span>
              {adminMayNow('manage-users') && (
                <Button
                  variant="link"
                  disabled={deactivate.isPending}
                  aria-label={`Deactivate ${device.deviceName}`}
                  onClick={() => deactivate.mutate(device.deviceId)}
                >
                  Deactivate
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
