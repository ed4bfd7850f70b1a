/**
 * Every lock billing takes, by kind, in the one order they may nest. A call that holds several
 * takes them in this order and never another, so no two calls can each hold what the other waits for:
 *
 *   1. `order`: one order's settlement or refund (payments), by its merchant order id;
 *   2. `subscription`: the account's subscription record, while an order is credited to it, a plan
 *      changes, a cancellation or the trial is recorded (subscriptions);
 *   3. `series`: a document series while a number is given (tax-documents), held the shortest.
 *
 * Four are taken alone, never while another is held: `mandates`, the account's UPI Autopay
 * mandates (taken after an order's lock is let go), `devices`, the account's activations, and
 * `promotion`, a code's redemptions while one is counted and held, and `referral-credit`, an
 * account's referral credit while part of it is held by an order (both taken inside
 * `subscription`, and holding none of the others).
 * Each lock is a Redis key with an expiry (platform's lockSpace, opened in billing-kit.ts); the
 * single-use claims in the store, not the locks, are what make a step happen once.
 */
export type LockKind = 'order' | 'subscription' | 'series' | 'mandates' | 'devices' | 'promotion' | 'referral-credit';
