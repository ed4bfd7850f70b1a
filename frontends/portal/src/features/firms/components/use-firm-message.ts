import { useState } from 'react';
import { errorMessage } from '@portal/ui';

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
  return { message, clear: () => setMessage(null), run };
}
