/**
 * What the admin area and the other services read from billing, and a deleted user's removal.
 * Other capabilities reach this one through what is exported here, and nothing else (the
 * lint walls in eslint.config.mjs).
 */
export {};
