import type { Types } from 'mongoose';

/**
 * The newest of an account's few rows, picked in the service rather than by a sort the indexes
 * would have to serve: by the instant `at` gives, a tie of instants broken by the id, which grows
 * with each insert. Null when there are none.
 */
export function newestRow<T extends { _id: Types.ObjectId }>(rows: T[], at: (row: T) => number): T | null {
  const later = (one: T, than: T) => at(one) > at(than) || (at(one) === at(than) && one._id.toString() > than._id.toString());
  return rows.reduce<T | null>((newest, row) => (!newest || later(row, newest) ? row : newest), null);
}
