import { useState } from 'react';
import { formatIndianDateTime } from '@portal/contracts';
import { Banner, Button, errorMessage, Modal, Spinner } from '@portal/ui';
import { ScrollArea } from '@portal/ui/scroll-area';
import { useNotMe, useOwnSignIns } from '../api';
import { useSignOutWith } from '../sign-out-with';

/**
 * The person's last sign-ins, on the web and in the desktop app, from the security log; one they
 * do not recognise ends every session and asks for a new password ("This wasn't me").
 */
export function RecentSignIns() {
  const signIns = useOwnSignIns();
  const notMe = useNotMe();
  const signOutWith = useSignOutWith();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState('');

  async function endEverySession() {
    setError('');
    try {
      await signOutWith((await notMe.mutateAsync()).message);
    } catch (failure) {
      setError(errorMessage(failure, 'Your sessions could not be ended. Please try again.'));
    }
  }

  return (
    <section className="card" aria-labelledby="sign-ins-title">
      <h2 id="sign-ins-title">Recent sign-ins</h2>
      {signIns.isPending && <Spinner />}
      {signIns.isError && <Banner kind="error">Your sign-ins could not be loaded. Please reload the page.</Banner>}
      {signIns.data &&
        (signIns.data.length === 0 ? (
          <p className="muted">No sign-in recorded yet.</p>
        ) : (
          <ScrollArea label="Recent sign-ins">
            <table>
              <thead>
                <tr>
                  <th scope="col">When (IST)</th>
                  <th scope="col">From</th>
                  <th scope="col">Address</th>
                  <th scope="col">Second factor</th>
                </tr>
              </thead>
              <tbody>
                {signIns.data.map((signIn) => (
                  <tr key={`${signIn.at}-${signIn.device}`}>
                    <td>{formatIndianDateTime(signIn.at)}</td>
                    <td>
                      {signIn.device}
                      {signIn.newDevice && (
                        <>
                          {' '}
                          <span className="badge badge-amber">New device</span>
                        </>
                      )}
                    </td>
                    <td>{signIn.address ?? 'unknown'}</td>
                    <td>{signIn.desktop ? 'approved on the web' : signIn.secondFactor ? 'yes' : 'no'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollArea>
        ))}
      <p className="muted">One you do not recognise? End every session and choose a new password.</p>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        This wasn’t me
      </Button>
      {confirming && (
        <Modal title="End every session?" onClose={() => setConfirming(false)}>
          <p>
            Every session ends, on the web and in the desktop app, this one too, and your password stops working. We e-mail you a link to
            choose a new one.
          </p>
          {error && <Banner kind="error">{error}</Banner>}
          <div className="row row-between">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant="danger" disabled={notMe.isPending} onClick={() => void endEverySession()}>
              End every session
            </Button>
          </div>
        </Modal>
      )}
    </section>
  );
}
