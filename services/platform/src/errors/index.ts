/**
 * `@portal/platform/errors`: the error factories alone, for domain code. The package's main entry
 * also loads express, mongoose and BullMQ; a use case needs none of them to say what went wrong.
 */
export * from './app-errors';
