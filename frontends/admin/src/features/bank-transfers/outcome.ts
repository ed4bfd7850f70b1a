import { errorMessage } from '@portal/ui';

/** What the tab tells the admin after an action: its own text, or why the server refused. */
export type Outcome = { kind: 'success' | 'error'; text: string };

/** Runs an admin's action and tells how it went: the text `work` answers, or the server's reason, else `failed`. */
export async function tellOutcome(onOutcome: (outcome: Outcome) => void, work: () => Promise<string>, failed: string): Promise<void> {
  try {
    onOutcome({ kind: 'success', text: await work() });
  } catch (failure) {
    onOutcome({ kind: 'error', text: errorMessage(failure, failed) });
  }
}
