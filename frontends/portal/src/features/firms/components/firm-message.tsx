import { useState } from 'react';
import { Banner, errorMessage } from '@portal/ui';

export type FirmMessage = { kind: 'success' | 'error'; text: string } | null;

/** Runs a firm action and keeps its answer, or the server's reason, for the banner. */
export function useFirmMessage() {
  const [message, setMessage] = useState<FirmMessage>(null);
  async function run(action: () => Promise<string>, failure: string): Promise<boolean> {
    try {
      setMessage({ kind: 'success', text: await action() });
      return true;
    } catch (error) {
      setMessage({ kind: 'error', text: errorMessage(error, failure) });
      return false;
    }
  }
  const clear = () => setMessage(null);
  /** The last action's answer, until it fades or the next one replaces it. */
  const banner = message && (
    <Banner key={message.text} kind={message.kind} onDone={clear}>
      {message.text}
    </Banner>
  );
  return { message, banner, run };
}
