import type { OfflineActivationResponse } from '@portal/contracts';
import { errorMessage } from '@portal/ui';
import { useActivateByFile, useDeactivateByFile } from '../api';

type Message = { kind: 'success' | 'error'; text: string };

/** Hands the licence file to the browser's downloads, named after the computer it is for. */
function download({ licenseFile, device }: OfflineActivationResponse) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(licenseFile, null, 2)], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: `${device.deviceName.replace(/[^\w.-]+/g, '-')}.tpplic` });
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Activation by file: for a computer that cannot reach the portal, the request file
 * its desktop app wrote is uploaded here from any computer, and the licence file comes back to carry
 * to it; the deactivation file it writes when it moves away frees its place.
 */
export function OfflineActivation({ onMessage }: { onMessage: (message: Message) => void }) {
  const activate = useActivateByFile();
  const deactivate = useDeactivateByFile();
  const send = async (file: File | undefined, act: (text: string) => Promise<string>, fallback: string) => {
    if (!file) return;
    try {
      onMessage({ kind: 'success', text: await act((await file.text()).trim()) });
    } catch (failure) {
      onMessage({ kind: 'error', text: errorMessage(failure, fallback) });
    }
  };
  const activated = async (text: string) => {
    const answer = await activate.mutateAsync(text);
    download(answer);
    return `${answer.device.deviceName} is activated. Copy the licence file that was downloaded to it, and open it in the desktop app.`;
  };
  return (
    <div className="stack-top" role="group" aria-labelledby="offline-activation">
      <h3 id="offline-activation">A computer without internet</h3>
      <p className="muted">
        In the desktop app on that computer, choose “Activate by file” and bring the request file here. The licence file you get back runs
        until your plan’s end.
      </p>
      <label className="block">
        Activation request file{' '}
        <input
          type="file"
          accept=".tppreq,text/plain"
          disabled={activate.isPending}
          onChange={(event) => void send(event.target.files?.[0], activated, 'The computer could not be activated')}
        />
      </label>
      <label className="block">
        Deactivation file{' '}
        <input
          type="file"
          accept=".tppdeact,text/plain"
          disabled={deactivate.isPending}
          onChange={(event) =>
            void send(event.target.files?.[0], (text) => deactivate.mutateAsync(text), 'The computer could not be deactivated')
          }
        />
      </label>
    </div>
  );
}
