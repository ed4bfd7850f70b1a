import { Component, Suspense, type ReactNode } from 'react';
import { Spinner } from '@portal/ui';

interface State {
  failed: boolean;
  attempt: number;
}

/**
 * Each remote sits in one of these: a remote that cannot load shows a message and a retry, not a
 * blank page. `loading` is shown while it loads (an unlabelled spinner without it).
 */
export class RemoteBoundary extends Component<{ children: (attempt: number) => ReactNode; loading?: string }, State> {
  override state: State = { failed: false, attempt: 0 };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) {
      return (
        <div className="remote-failed" role="alert">
          <h2>This part of the portal could not load.</h2>
          <p>Check your connection and try again.</p>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => this.setState(({ attempt }) => ({ failed: false, attempt: attempt + 1 }))}
          >
            Try again
          </button>
        </div>
      );
    }
    const { loading } = this.props;
    return (
      <Suspense fallback={<Spinner label={loading} showLabel={Boolean(loading)} />}>{this.props.children(this.state.attempt)}</Suspense>
    );
  }
}
