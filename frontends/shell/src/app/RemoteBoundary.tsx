import { Component, Suspense, type ReactNode } from 'react';
import { Spinner } from '@portal/ui';

interface State {
  failed: boolean;
}

/**
 * Each remote sits in one of these: a remote that cannot load shows a message and a retry, not a
 * blank page. `loading` is shown while it loads (an unlabelled spinner without it).
 *
 * The retry loads the page again. A page's HTML preloads its module's files (the gateway's
 * remote-preloads.ts); once those preloads had failed, a retry within the page failed again in
 * Chromium (the portal's browser test), while a new load of the page fetches them afresh.
 */
export class RemoteBoundary extends Component<{ children: ReactNode; loading?: string }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) {
      return (
        <div className="remote-failed" role="alert">
          <h2>This part of the portal could not load.</h2>
          <p>Check your connection and try again.</p>
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Try again
          </button>
        </div>
      );
    }
    const { loading } = this.props;
    return <Suspense fallback={<Spinner label={loading} showLabel={Boolean(loading)} />}>{this.props.children}</Suspense>;
  }
}
