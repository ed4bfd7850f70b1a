import { DAY_MS } from '@portal/contracts';
import type { DeviceMoveRecord } from './ports';

/** The rolling window a seat's moves are counted over. */
export const MOVE_WINDOW_MS = 365 * DAY_MS;

export interface MovesLeft {
  /** The plan's moves and the grants in the window. */
  allowed: number;
  used: number;
  /** When the oldest move that holds the limit leaves the window; null while a move is left. */
  nextFreeAt: Date | null;
}

/**
 * A seat's moves at `at` (pure): a move counts for 365 days from when it was made, and
 * each grant an admin made in that time allows one more.
 */
export function movesLeft(records: DeviceMoveRecord[], perYear: number, at: Date): MovesLeft {
  const inWindow = records.filter((record) => record.at.getTime() + MOVE_WINDOW_MS > at.getTime());
  const moves = inWindow.filter((record) => record.kind === 'move').sort((a, b) => a.at.getTime() - b.at.getTime());
  const allowed = perYear + inWindow.filter((record) => record.kind === 'grant').length;
  const used = moves.length;
  const holding = used >= allowed ? moves[used - allowed] : undefined;
  return { allowed, used, nextFreeAt: holding ? new Date(holding.at.getTime() + MOVE_WINDOW_MS) : null };
}
