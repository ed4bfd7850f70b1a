import { readFileSync } from 'node:fs';

/**
 * The clock of a service the browser tests run as a child process: the system's, moved on by the
 * milliseconds a file holds, which the test writes to reach a renewal's notice, its debit or a
 * grace's end without waiting days. Each service's config allows TEST_CLOCK_FILE under
 * NODE_ENV=test only, so production always keeps the system clock.
 */
export function testClock(file: string): () => Date {
  return () => {
    let offset = 0;
    try {
      offset = Number(readFileSync(file, 'utf8')) || 0;
    } catch {
      // no file yet: no offset
    }
    return new Date(Date.now() + offset);
  };
}
