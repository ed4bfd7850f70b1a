import { Types } from 'mongoose';

// An ObjectId's first four bytes are the second it was made in. Stores whose ids are made with
// their createdAt (billing's orders) or whose order is the sign-up's (auth's users) read a period
// as an `_id` range, which every store answers from the `_id` index.

/** The smallest id of a document made at `at` or later; `at` is a whole second, such as a day's bound. */
export const firstIdAt = (at: Date) => Types.ObjectId.createFromTime(Math.ceil(at.getTime() / 1000));

/** A new id that holds `at`'s second, as the driver would have made it then. */
export const idMadeAt = (at: Date) => new Types.ObjectId(Types.ObjectId.generate(Math.floor(at.getTime() / 1000)));
